// The cart as a side panel: each item with picture, name, price, −/+ and line total; the
// total; links to the checkout and the cart page. Loaded on demand by CartButton.
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Remove from '@mui/icons-material/Remove';
import { lineKey, useCart } from '../state/cart.jsx';
import ButtonLink from './ButtonLink.jsx';
import { copyOf } from './copies.js';
import { formatPrice } from './money.js';

const Panel = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  width: 380,
  maxWidth: '100vw',
  height: '100%',
  '& .head': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: theme.spacing(1.5, 2, 1.5, 3),
    borderBottom: `1px solid ${theme.palette.grey[200]}`,
  },
  '& h2': { margin: 0, fontSize: 18, fontWeight: 700 },
  '& ul': { listStyle: 'none', margin: 0, padding: theme.spacing(0, 3), flexGrow: 1, overflowY: 'auto' },
  '& li': {
    display: 'grid',
    gridTemplateColumns: '64px 1fr auto',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    padding: theme.spacing(2, 0),
    borderBottom: `1px solid ${theme.palette.grey[200]}`,
  },
  '& li img, & li .placeholder': {
    width: 64,
    height: 64,
    borderRadius: 6,
    objectFit: 'contain',
    background: theme.palette.grey[100],
  },
  '& .name': { margin: 0, fontSize: 14, fontWeight: 600, lineHeight: 1.35 },
  '& .copy': { margin: theme.spacing(0.25, 0, 0), fontSize: 12, fontWeight: 600, color: theme.palette.text.secondary },
  '& .each': { margin: theme.spacing(0.25, 0, 0.75), fontSize: 13, color: theme.palette.text.secondary },
  '& .qty': { display: 'flex', alignItems: 'center', gap: theme.spacing(1) },
  '& .qty output': { minWidth: 20, textAlign: 'center', fontWeight: 600 },
  '& .qty button': { border: `1px solid ${theme.palette.grey[300]}` },
  '& .line': { fontWeight: 700, color: theme.palette.primary.main },
  '& .empty': { flexGrow: 1, padding: theme.spacing(6, 3), textAlign: 'center', color: theme.palette.text.secondary },
  '& .foot': {
    display: 'grid',
    gap: theme.spacing(1.25),
    padding: theme.spacing(2, 3, 3),
    borderTop: `1px solid ${theme.palette.grey[200]}`,
  },
  '& .total': { display: 'flex', justifyContent: 'space-between', fontSize: 16, fontWeight: 700 },
}));

function CartLine({ item, changeAmount }) {
  const change = (qty) => changeAmount({ ...item, qty });
  return (
    <li>
      {item.imgUrl ? <img src={item.imgUrl} alt="" width={64} height={64} /> : <span className="placeholder" />}
      <div>
        <p className="name">{item.name}</p>
        {copyOf(item) && <p className="copy">{copyOf(item)}</p>}
        <p className="each">
          {formatPrice(item.price)} × {item.qty}
        </p>
        <div className="qty">
          <IconButton size="small" aria-label={`One less ${item.name}`} onClick={() => change(item.qty - 1)}>
            <Remove fontSize="small" />
          </IconButton>
          <output aria-label={`Quantity of ${item.name}`}>{item.qty}</output>
          <IconButton size="small" aria-label={`One more ${item.name}`} onClick={() => change(item.qty + 1)}>
            <Add fontSize="small" />
          </IconButton>
        </div>
      </div>
      <span className="line">{formatPrice(item.price * item.qty)}</span>
    </li>
  );
}

export default function CartDrawer({ open, onClose }) {
  const { items, count, total, changeAmount } = useCart();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'cart-drawer-title' } }}
    >
      <Panel>
        <div className="head">
          <h2 id="cart-drawer-title">
            Your cart ({count} {count === 1 ? 'item' : 'items'})
          </h2>
          <IconButton aria-label="Close cart" onClick={onClose}>
            <Close />
          </IconButton>
        </div>
        {items.length === 0 ? (
          <p className="empty">Your cart is empty.</p>
        ) : (
          <ul>
            {items.map((item) => (
              <CartLine key={lineKey(item)} item={item} changeAmount={changeAmount} />
            ))}
          </ul>
        )}
        <div className="foot">
          <div className="total">
            <span>Total</span>
            <span>{formatPrice(total)}</span>
          </div>
          <ButtonLink href="/checkout" onClick={onClose}>
            Checkout
          </ButtonLink>
          <ButtonLink href="/cart" className="outlined" onClick={onClose}>
            View cart
          </ButtonLink>
        </div>
      </Panel>
    </Drawer>
  );
}
