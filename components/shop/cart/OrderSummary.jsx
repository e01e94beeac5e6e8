// The checkout's order summary: each item with its quantity and line total, and the total.
// A line the server (or the cart's own checks) refused shows why, with a way to remove it.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import Link from '../../common/Link.jsx';
import { lineKey } from '../../state/cart.jsx';
import { copyOf } from '../copies.js';
import { formatPrice } from '../money.js';
import { Card } from './layout.js';

const Lines = styled('ul')(({ theme }) => ({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '& li': {
    display: 'grid',
    gridTemplateColumns: '56px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    padding: theme.spacing(1.25, 0),
    borderBottom: `1px solid ${theme.palette.grey[200]}`,
  },
  '& .picture': { width: 56, height: 56, padding: 4, borderRadius: 6, background: theme.palette.grey[100] },
  '& .picture img': { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
  '& .name': { margin: 0, fontSize: 14, fontWeight: 600, lineHeight: 1.35 },
  '& .qty': { margin: theme.spacing(0.25, 0, 0), fontSize: 13, color: theme.palette.text.secondary },
  '& .amount': { fontWeight: 700 },
  '& .problem': { gridColumn: '1 / -1', margin: 0, fontSize: 13, color: theme.palette.error.main },
  '& .problem button': {
    marginInlineStart: theme.spacing(1),
    padding: 0,
    border: 0,
    background: 'none',
    font: 'inherit',
    fontWeight: 700,
    color: 'inherit',
    textDecoration: 'underline',
    cursor: 'pointer',
  },
}));

const Total = styled('p')(({ theme }) => ({
  display: 'flex',
  justifyContent: 'space-between',
  margin: theme.spacing(2, 0),
  fontSize: 18,
  fontWeight: 700,
}));

// Problems keyed as the server keys them: "items.3.qty" belongs to the fourth line.
const problemOf = (errors, index) => Object.entries(errors).find(([key]) => key.startsWith(`items.${index}.`))?.[1];

export default function OrderSummary({ items, total, errors = {}, onRemove, className }) {
  const id = useId();
  return (
    <Card className={className} aria-labelledby={id}>
      <h2 id={id}>Order summary</h2>
      <Lines>
        {items.map((item, index) => {
          const problem = problemOf(errors, index);
          return (
            <li key={lineKey(item)}>
              <span className="picture">{item.imgUrl && <img src={item.imgUrl} alt="" width={56} height={56} />}</span>
              <div>
                <p className="name">{item.name}</p>
                {copyOf(item) && <p className="qty">{copyOf(item)}</p>}
                <p className="qty">
                  {item.qty} × {formatPrice(item.price)}
                </p>
              </div>
              <span className="amount">{formatPrice(item.price * item.qty)}</span>
              {problem && (
                <p className="problem" role="alert">
                  {problem}
                  {onRemove && (
                    <button type="button" onClick={() => onRemove(item)}>
                      Remove {item.name}
                    </button>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </Lines>
      <Total>
        <span>Total</span>
        <span>{formatPrice(total)}</span>
      </Total>
      <Link href="/cart" color="primary" underline="always">
        Edit cart
      </Link>
    </Card>
  );
}
