// The cart page's contents once the browser has read the cart: its lines and summary, or the
// empty cart. A chunk of its own: the server never renders it (it knows no cart), so it is not
// part of the page's first-load JavaScript.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import { lineKey, useCart } from '../../state/cart.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';
import CartLine from './CartLine.jsx';
import CartSummary from './CartSummary.jsx';
import EmptyCart from './EmptyCart.jsx';
import { Card, Columns } from './layout.js';
import { removeWithUndo } from './removeWithUndo.jsx';

const Lines = styled('ul')({ margin: 0, padding: 0, listStyle: 'none' });

export default function CartContents() {
  const { items, count, total, changeAmount } = useCart();
  const id = useId();
  if (items.length === 0) return <EmptyCart />;
  return (
    <Columns>
      <Card aria-labelledby={id}>
        <VisuallyHidden as="h2" id={id}>
          Items in your cart
        </VisuallyHidden>
        <Lines>
          {items.map((item) => {
            const remove = () => removeWithUndo(item, changeAmount);
            const change = (qty) => (qty < 1 ? remove() : changeAmount({ ...item, qty }));
            return <CartLine key={lineKey(item)} item={item} onChange={change} onRemove={remove} />;
          })}
        </Lines>
      </Card>
      <CartSummary count={count} total={total} />
    </Columns>
  );
}
