// A booklist's books, one row each: cover, title (to the book's page), authors, ISBN, the school's
// note, required or optional, how many, the price and whether it is in stock. A plain list that
// reads the same without JavaScript; on a phone each row stacks under its cover.
import { styled } from '@mui/material/styles';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import { otherOffers } from '../copies.js';
import { formatPrice } from '../money.js';
import StockAlertForm from '../StockAlertForm.jsx';

const STOCK = {
  'in-stock': { className: 'stock', text: 'In stock' },
  short: { className: 'stock low', text: null },
  'out-of-stock': { className: 'stock out', text: 'Out of stock' },
  unavailable: { className: 'stock out', text: 'Not available' },
};

const List = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  borderRadius: 8,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& > li': {
    display: 'grid',
    gridTemplateColumns: '64px minmax(0, 1fr) auto',
    gridTemplateAreas: '"cover about buy"',
    gap: theme.spacing(0.5, 2),
    alignItems: 'start',
    padding: theme.spacing(2),
    borderTop: `1px solid ${theme.palette.grey[200]}`,
    '&:first-of-type': { borderTop: 0 },
    [theme.breakpoints.down('sm')]: {
      gridTemplateColumns: '56px minmax(0, 1fr)',
      gridTemplateAreas: '"cover about" "cover buy"',
      padding: theme.spacing(1.5),
    },
  },
  '& li.left-out': { background: theme.palette.grey[50] },
  '& li.left-out .cover': { opacity: 0.5 },
  '& .cover': {
    gridArea: 'cover',
    width: '100%',
    aspectRatio: '3 / 4',
    objectFit: 'cover',
    borderRadius: 4,
    background: theme.palette.grey[100],
  },
  '& .about': { gridArea: 'about', minWidth: 0 },
  '& h3': { margin: 0, fontSize: 16, fontWeight: 600, lineHeight: 1.35, overflowWrap: 'anywhere' },
  '& h3 a': {
    color: theme.palette.text.primary,
    textDecoration: 'none',
    '&:hover': { color: theme.palette.primary.main, textDecoration: 'underline' },
  },
  '& .meta': { margin: theme.spacing(0.25, 0, 0), fontSize: 13, color: theme.palette.text.secondary },
  '& .note': { margin: theme.spacing(0.5, 0, 0), fontSize: 13, fontStyle: 'italic', color: theme.palette.text.secondary },
  '& .kind': {
    display: 'inline-block',
    marginTop: theme.spacing(0.75),
    padding: '1px 8px',
    borderRadius: 10,
    fontSize: 12,
    fontWeight: 600,
    color: theme.palette.secondary.main,
    background: theme.palette.grey[100],
  },
  '& .kind.required': { color: theme.palette.primary.contrastText, background: theme.palette.secondary.main },
  '& .buy': {
    gridArea: 'buy',
    display: 'grid',
    justifyItems: 'end',
    gap: theme.spacing(0.25),
    fontSize: 14,
    textAlign: 'end',
    [theme.breakpoints.down('sm')]: {
      justifyItems: 'start',
      textAlign: 'start',
      gridAutoFlow: 'column',
      justifyContent: 'start',
      gap: theme.spacing(2),
      marginTop: theme.spacing(0.5),
    },
  },
  '& .amount': { fontSize: 16, fontWeight: 700, color: theme.palette.primary.main },
  '& .each': { color: theme.palette.text.secondary },
  '& .stock': { fontWeight: 600, color: theme.palette.success.main },
  '& .stock.low': { color: '#A15C00' },
  '& .stock.out': { color: theme.palette.error.main },
}));

function Row({ item }) {
  const stock = STOCK[item.state] || STOCK.unavailable;
  const leftOut = item.addable < 1;
  return (
    <li className={leftOut ? 'left-out' : undefined}>
      {item.imgUrl ? <img className="cover" src={item.imgUrl} alt="" loading="lazy" width="64" height="86" /> : <span className="cover" />}
      <div className="about">
        <h3>{item.url ? <RouterAnchor href={item.url}>{item.title}</RouterAnchor> : item.title}</h3>
        {item.authors.length > 0 && <p className="meta">By {item.authors.join(', ')}</p>}
        {item.isbn && <p className="meta">ISBN {item.isbn}</p>}
        {item.note && <p className="note">{item.note}</p>}
        <span className={item.required ? 'kind required' : 'kind'}>{item.required ? 'Required' : 'Optional'}</span>
        {item.state === 'out-of-stock' && <StockAlertForm compact productId={item.id} title={item.title} />}
      </div>
      <div className="buy">
        <span className="amount">{formatPrice((Math.round(item.price * 100) * item.quantity) / 100)}</span>
        <span className="each">
          {item.quantity} × {formatPrice(item.price)}
        </span>
        <span className={stock.className}>{stock.text ?? `Only ${item.stock} in stock`}</span>
        {otherOffers(item, item.price).map((words) => (
          <span key={words} className="each">
            {words}
          </span>
        ))}
      </div>
    </li>
  );
}

export default function BooklistItems({ items, label }) {
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <Row key={item.id} item={item} />
      ))}
    </List>
  );
}
