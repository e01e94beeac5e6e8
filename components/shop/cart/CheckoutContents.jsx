// The checkout page's contents once the browser has read the cart: the form and order summary,
// the news after the shop changed under the cart (409), and once the server has placed the order,
// its number (the cart is then emptied); an empty cart gets a message instead of the form.
// /checkout#pay={orderNo}&key={key} (an order's "Pay with another card": only this page may load
// Stripe.js) shows that order to be paid instead; the key is left out for the account's own order.
// A chunk of its own, like CartContents: the server never renders it.
import { useState } from 'react';
import { useCart } from '../../state/cart.jsx';
import CartChanges from './CartChanges.jsx';
import CheckoutForm from './CheckoutForm.jsx';
import EmptyCart from './EmptyCart.jsx';
import OrderPlaced from './OrderPlaced.jsx';
import OrderToPay from './OrderToPay.jsx';
import { PageTitle } from './layout.js';

// {orderNo, orderKey} of the address's #pay=…, or null.
function orderToPay() {
  const asked = new URLSearchParams(window.location.hash.slice(1));
  const orderNo = asked.get('pay');
  return /^[1-9]\d{0,17}$/.test(orderNo || '') ? { orderNo, orderKey: asked.get('key') } : null;
}

export default function CheckoutContents() {
  const { items, total, clear } = useCart();
  const [order, setOrder] = useState(null);
  const [changed, setChanged] = useState(null);
  const [toPay] = useState(orderToPay);

  if (toPay) return <OrderToPay {...toPay} />;
  if (order) return <OrderPlaced order={order} />;
  const placed = (placedOrder) => {
    setOrder(placedOrder);
    clear();
  };
  return (
    <>
      <PageTitle>Checkout</PageTitle>
      {changed && <CartChanges {...changed} onClose={() => setChanged(null)} />}
      {items.length === 0 ? (
        <EmptyCart>Your cart is empty, so there is nothing to check out.</EmptyCart>
      ) : (
        <CheckoutForm items={items} total={total} onPlaced={placed} onChanged={(message, changes) => setChanged({ message, changes })} />
      )}
    </>
  );
}
