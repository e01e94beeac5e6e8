// The checkout's last view: the order number and what was ordered. The cart has been emptied.
import { useEffect, useRef } from 'react';
import { styled } from '@mui/material/styles';
import CheckCircle from '../../icons/CheckCircleOutlineOutlined.js';
import ButtonLink from '../ButtonLink.jsx';
import { formatPrice } from '../money.js';
import { Card, PageTitle } from './layout.js';

const Placed = styled(Card)(({ theme }) => ({
  maxWidth: 720,
  marginBottom: theme.spacing(6),
  '& .done': { display: 'flex', alignItems: 'center', gap: theme.spacing(1.5), margin: theme.spacing(0, 0, 2) },
  '& .done svg': { fontSize: 40, color: theme.palette.success.main },
  '& dl': { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: theme.spacing(1, 3), margin: theme.spacing(0, 0, 3) },
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, fontWeight: 600 },
  '& ul': { margin: theme.spacing(0, 0, 3), paddingInlineStart: theme.spacing(2.5) },
  '& li': { marginBottom: theme.spacing(0.5) },
  '& .actions': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) },
}));

export default function OrderPlaced({ order }) {
  const title = useRef(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    title.current?.focus();
  }, []);
  return (
    <>
      <PageTitle ref={title} tabIndex={-1}>
        Order #{order.orderNo} placed
      </PageTitle>
      <Placed aria-label="Your order">
        <p className="done">
          <CheckCircle />
          <span>Thank you, {order.name}. We have your order and will start on it shortly.</span>
        </p>
        <dl>
          <dt>Order number</dt>
          <dd>#{order.orderNo}</dd>
          <dt>Total</dt>
          <dd>{formatPrice(order.total)}</dd>
          <dt>Payment</dt>
          <dd>{order.paymentMethod} (no payment was taken: this is a demo shop)</dd>
          <dt>Status</dt>
          <dd>{order.status}</dd>
        </dl>
        <ul aria-label="What you ordered">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.qty} × {item.name}
            </li>
          ))}
        </ul>
        <div className="actions">
          {order.signedIn && <ButtonLink href={`/account/orders/${order.orderNo}`}>See your order</ButtonLink>}
          <ButtonLink href="/" className={order.signedIn ? 'outlined' : undefined}>
            Continue shopping
          </ButtonLink>
        </div>
      </Placed>
    </>
  );
}
