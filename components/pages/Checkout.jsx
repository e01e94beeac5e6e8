// The checkout page. The cart lives in the browser, so the server renders the frame and the
// form (or the empty-cart message, or the placed order) appears once the saved cart is read.
import ShopLayout from '../shop/ShopLayout.jsx';
import CartLoading from '../shop/cart/CartLoading.jsx';
import { PageTitle } from '../shop/cart/layout.js';
import { lazyContents } from '../shop/cart/lazyContents.jsx';

const CheckoutContents = lazyContents(
  () => import('../shop/cart/CheckoutContents.jsx'),
  <>
    <PageTitle>Checkout</PageTitle>
    <CartLoading />
  </>,
);

export default function Checkout() {
  return (
    <ShopLayout>
      <CheckoutContents />
    </ShopLayout>
  );
}
