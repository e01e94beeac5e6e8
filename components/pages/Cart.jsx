// The cart page: every item with its quantity, line total and a remove button (with undo), the
// total, and the ways on to the checkout or back to the shops. The cart lives in the browser,
// so the server renders the frame and the lines appear once the saved cart is read.
import { useCart } from '../state/cart.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import { PageTitle } from '../shop/cart/layout.js';
import { lazyContents } from '../shop/cart/lazyContents.jsx';

const CartContents = lazyContents(() => import('../shop/cart/CartContents.jsx'));

export default function Cart() {
  const { count, loaded } = useCart();
  return (
    <ShopLayout>
      <PageTitle>{loaded && count > 0 ? `Shopping cart (${count} ${count === 1 ? 'item' : 'items'})` : 'Shopping cart'}</PageTitle>
      <CartContents />
    </ShopLayout>
  );
}
