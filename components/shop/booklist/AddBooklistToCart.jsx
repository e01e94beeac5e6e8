// The list's two buttons: add the required books, or every book, each with its quantity. What was
// left out (out of stock, not available) or cut to the stock is said in a toast and in a status
// line under the buttons. The buttons wait for the saved cart (and so for JavaScript): without
// it they stay disabled and a note says why, while the list above stays readable.
import { useState } from 'react';
import { styled } from '@mui/material/styles';
import AddShoppingCart from '../../icons/AddShoppingCart.js';
import { notify } from '../../common/toast.jsx';
import { lineKey, useCart } from '../../state/cart.jsx';
import { buttonLook } from '../ButtonLink.jsx';
import { formatPrice } from '../money.js';
import { additionsMessage, booklistAdditions } from './addable.js';

const Wrapper = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(1.5),
  '& .buttons': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) },
  '& button': {
    ...buttonLook(theme),
    padding: theme.spacing(0, 2.5),
    '&.outlined': { color: theme.palette.primary.main, background: theme.palette.background.paper },
    '&.outlined:hover': { background: theme.palette.grey[100] },
    [theme.breakpoints.down('sm')]: { flexGrow: 1 },
  },
  '& .note': { margin: 0, fontSize: 14, color: theme.palette.text.secondary },
  '& .said': { margin: 0, fontSize: 14, fontWeight: 600, color: theme.palette.text.primary },
  '& .said:empty': { display: 'none' },
}));

export default function AddBooklistToCart({ items, totals }) {
  const { items: cartItems, loaded, changeAmount } = useCart();
  const [said, setSaid] = useState('');
  // The buy box's line (a line of one offer is another line of the cart).
  const inCart = (id) => cartItems.find((item) => lineKey(item) === String(id))?.qty || 0;

  const add = (which) => {
    const result = booklistAdditions(items, which, inCart);
    result.additions.forEach(({ added, ...item }) => changeAmount(item));
    const message = additionsMessage(result);
    setSaid(message);
    const notice =
      result.additions.length === 0 ? notify.error : result.leftOut.length || result.short.length ? notify.warning : notify.success;
    notice(message);
  };

  return (
    <Wrapper>
      <div className="buttons">
        <button type="button" onClick={() => add('required')} disabled={!loaded || totals.requiredCount === 0}>
          <AddShoppingCart />
          Add required books to cart
          <span>({formatPrice(totals.required)})</span>
        </button>
        <button type="button" className="outlined" onClick={() => add('all')} disabled={!loaded}>
          Add all books to cart
          <span>({formatPrice(totals.all)})</span>
        </button>
      </div>
      <noscript>
        <p className="note">Turn on JavaScript to add the whole list to your cart in one click, or open each book to add it.</p>
      </noscript>
      <p className="said" role="status">
        {said}
      </p>
    </Wrapper>
  );
}
