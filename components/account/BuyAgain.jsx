// "Buy again": asks the shop what of the order it still sells (POST /api/me/orders/{no}/buy-again)
// and puts that into the browser's cart by the booklist page's rule (booklist/addable.js): a book
// sold out or no longer sold is left out and named, a quantity above the stock is cut to it, and
// a book already in the cart is raised to the order's quantity, never lowered. What happened is
// said in a toast and in a status line under the button, with a way on to the cart.
import { useState } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import { notify } from '../common/toast.jsx';
import AddShoppingCart from '../icons/AddShoppingCart.js';
import { lineKey, useCart } from '../state/cart.jsx';
import { additionsMessage, booklistAdditions } from '../shop/booklist/addable.js';
import { buttonLook } from '../shop/ButtonLink.jsx';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { sendJson } from './api.js';

const Wrapper = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(1),
  justifyItems: 'start',
  '& button': { ...buttonLook(theme), [theme.breakpoints.down('sm')]: { width: '100%' } },
  '& .said': { margin: 0, fontSize: 14, fontWeight: 600 },
  '& .said:empty': { display: 'none' },
  '& .said a': { color: theme.palette.primary.main, marginInlineStart: theme.spacing(0.5) },
}));

export default function BuyAgain({ orderNo }) {
  const { items: cartItems, loaded, changeAmount } = useCart();
  const [said, setSaid] = useState('');
  const [added, setAdded] = useState(false);
  const [busy, setBusy] = useState(false);
  // The buy box's line (a line of one offer is another line of the cart).
  const inCart = (id) => cartItems.find((item) => lineKey(item) === String(id))?.qty || 0;

  const buyAgain = async () => {
    setBusy(true);
    const answer = await sendJson('POST', `/api/me/orders/${orderNo}/buy-again`);
    setBusy(false);
    if (!answer.ok) {
      setSaid(answer.data.message);
      notify.error(answer.data.message);
      return;
    }
    const { lines, leftOut } = answer.data;
    const listed = [...lines, ...leftOut].map((line) => ({ ...line, required: true }));
    const result = booklistAdditions(listed, 'all', inCart);
    result.additions.forEach(({ added: _added, ...item }) => changeAmount(item));
    const message = additionsMessage(result);
    setSaid(message);
    setAdded(result.additions.length > 0);
    const notice =
      result.additions.length === 0 ? notify.error : result.leftOut.length || result.short.length ? notify.warning : notify.success;
    notice(message);
  };

  return (
    <Wrapper>
      <button type="button" onClick={buyAgain} disabled={!loaded || busy}>
        <AddShoppingCart />
        {busy ? 'Adding to your cart…' : 'Buy again'}
      </button>
      <p className="said" role="status">
        {said}
        {added && <RouterAnchor href="/cart">Go to your cart</RouterAnchor>}
      </p>
    </Wrapper>
  );
}
