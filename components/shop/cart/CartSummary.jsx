// The cart page's summary: number of items, subtotal and total, and the ways on.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import ButtonLink from '../ButtonLink.jsx';
import { formatPrice } from '../money.js';
import { Card } from './layout.js';

const Figures = styled('dl')(({ theme }) => ({
  margin: theme.spacing(0, 0, 2.5),
  '& div': { display: 'flex', justifyContent: 'space-between', padding: theme.spacing(0.75, 0) },
  '& dt, & dd': { margin: 0 },
  '& dt': { color: theme.palette.text.secondary },
  '& .total': {
    marginTop: theme.spacing(1),
    paddingTop: theme.spacing(1.5),
    borderTop: `1px solid ${theme.palette.grey[200]}`,
    fontSize: 18,
    fontWeight: 700,
    '& dt': { color: theme.palette.text.primary },
  },
}));

const Actions = styled('div')(({ theme }) => ({ display: 'grid', gap: theme.spacing(1.25) }));

export default function CartSummary({ count, total }) {
  const id = useId();
  return (
    <Card className="sticky" aria-labelledby={id}>
      <h2 id={id}>Order summary</h2>
      <Figures>
        <div>
          <dt>Items</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(total)}</dd>
        </div>
        <div className="total">
          <dt>Total</dt>
          <dd>{formatPrice(total)}</dd>
        </div>
      </Figures>
      <Actions>
        <ButtonLink href="/checkout">Checkout</ButtonLink>
        <ButtonLink href="/" className="outlined">
          Continue shopping
        </ButtonLink>
      </Actions>
    </Card>
  );
}
