// /account/wishlist: the shopper's saved books (remove, add to cart) and their open "tell me when
// it's back" alerts (cancel). Rendered per request for the signed-in shopper, never cached.
import { useState } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { notify } from '../common/toast.jsx';
import AccountLayout from '../account/AccountLayout.jsx';
import { formatPrice, salePrice } from '../shop/money.js';
import { useCart } from '../state/cart.jsx';
import { csrfToken } from '../state/session.jsx';

const Panel = sharedStyled('section', (theme) => ({
  display: 'grid',
  gap: theme.spacing(1.5),
  '& h2': { margin: 0, fontSize: 19, fontWeight: 700 },
  '& .empty': {
    margin: 0,
    padding: theme.spacing(2.5),
    borderRadius: 8,
    background: theme.palette.background.paper,
    border: `1px dashed ${theme.palette.grey[300]}`,
    color: theme.palette.text.secondary,
  },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.spacing(1.5) },
  '& ul.books': { gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' },
  '& .book': {
    display: 'grid',
    gridTemplateRows: 'auto 1fr auto',
    gap: theme.spacing(1),
    padding: theme.spacing(1.5),
    borderRadius: 8,
    background: theme.palette.background.paper,
    border: `1px solid ${theme.palette.grey[200]}`,
  },
  '& .book img, & .book .cover': {
    display: 'block',
    width: '100%',
    aspectRatio: '1 / 1',
    objectFit: 'contain',
    borderRadius: 6,
    background: theme.palette.grey[100],
  },
  '& h3': { margin: 0, fontSize: 15, fontWeight: 600, lineHeight: 1.4 },
  '& h3 a': { color: 'inherit', textDecoration: 'none', '&:hover': { color: theme.palette.primary.main } },
  '& .facts': { display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: 14 },
  '& .price': { fontWeight: 700, color: theme.palette.primary.main },
  '& .out': { color: theme.palette.error.main, fontWeight: 600 },
  '& .in': { color: theme.palette.success.main, fontWeight: 600 },
  '& .actions': { display: 'flex', gap: theme.spacing(1) },
  '& button': {
    minHeight: 40,
    padding: theme.spacing(0, 1.5),
    borderRadius: 6,
    font: 'inherit',
    fontSize: 14,
    fontWeight: 600,
    cursor: 'pointer',
    border: `1px solid ${theme.palette.primary.main}`,
    background: theme.palette.background.paper,
    color: theme.palette.primary.main,
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
  },
  '& button.primary': { flexGrow: 1, color: theme.palette.primary.contrastText, background: theme.palette.primary.main },
  '& .alert': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: theme.spacing(1, 2),
    padding: theme.spacing(1.5),
    borderRadius: 8,
    background: theme.palette.background.paper,
    border: `1px solid ${theme.palette.grey[200]}`,
  },
  '& .alert p': { margin: 0, fontSize: 14, color: theme.palette.text.secondary, overflowWrap: 'anywhere' },
}));

async function send(method, url) {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'X-CSRF-Token': await csrfToken() },
  });
  if (!response.ok) throw new Error((await response.json().catch(() => ({}))).message || 'That did not work');
  return response.json();
}

function Book({ book, onRemove }) {
  const { items, changeAmount } = useCart();
  const now = salePrice(book.price, book.discount);
  const add = () => {
    const inCart = items.find((item) => item.id === String(book.id));
    changeAmount({ id: String(book.id), name: book.title, price: now, imgUrl: book.image, qty: (inCart?.qty || 0) + 1 });
    notify.success(`${book.title} added to your cart`);
  };
  return (
    <li className="book">
      {book.image ? <img src={book.image} alt="" width={200} height={200} loading="lazy" /> : <span className="cover" />}
      <div>
        <h3>
          <RouterAnchor href={book.url}>{book.title}</RouterAnchor>
        </h3>
        <div className="facts">
          <span className="price">{formatPrice(now)}</span>
          <span className={book.inStock ? 'in' : 'out'}>{book.inStock ? 'In stock' : 'Sold out'}</span>
        </div>
      </div>
      <div className="actions">
        <button type="button" className="primary" onClick={add} disabled={!book.inStock}>
          Add to cart
        </button>
        <button type="button" onClick={() => onRemove(book)} aria-label={`Remove ${book.title} from your wishlist`}>
          Remove
        </button>
      </div>
    </li>
  );
}

export default function Wishlist({ me, books: initialBooks = [], alerts: initialAlerts = [] }) {
  const [books, setBooks] = useState(initialBooks);
  const [alerts, setAlerts] = useState(initialAlerts);
  if (!me) return <AccountLayout title="Wishlist and alerts">Loading…</AccountLayout>;

  const remove = async (book) => {
    try {
      setBooks(await send('DELETE', `/api/me/wishlist/${book.id}`));
      notify.success(`${book.title} removed from your wishlist`);
    } catch (error) {
      notify.error(error.message);
    }
  };
  const cancel = async (alert) => {
    try {
      await send('DELETE', `/api/me/stock-alerts/${alert.id}`);
      setAlerts((now) => now.filter((a) => a.id !== alert.id));
      notify.success(`Alert for ${alert.title} cancelled`);
    } catch (error) {
      notify.error(error.message);
    }
  };

  return (
    <AccountLayout title="Wishlist and alerts">
      <Panel aria-labelledby="saved-books">
        <h2 id="saved-books">Saved books</h2>
        {books.length === 0 ? (
          <p className="empty">Nothing saved yet. Press the heart on any book to keep it here for later.</p>
        ) : (
          <ul className="books">
            {books.map((book) => (
              <Book key={book.id} book={book} onRemove={remove} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel aria-labelledby="stock-alerts">
        <h2 id="stock-alerts">Tell me when it’s back</h2>
        {alerts.length === 0 ? (
          <p className="empty">No alerts. On a sold-out book, ask us to email you when it is back.</p>
        ) : (
          <ul>
            {alerts.map((alert) => (
              <li key={alert.id} className="alert">
                <div>
                  <h3>
                    <RouterAnchor href={alert.url}>{alert.title}</RouterAnchor>
                  </h3>
                  <p>We will email {alert.email} once when it is back.</p>
                </div>
                <button type="button" onClick={() => cancel(alert)} aria-label={`Cancel the alert for ${alert.title}`}>
                  Cancel alert
                </button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </AccountLayout>
  );
}
