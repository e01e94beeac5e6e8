// The view of an order once it is placed (the cart has been emptied), and of an order opened to be
// paid from its page: its number, total, payment and what was ordered. A card order not paid yet
// (the card declined, the bank's check not completed) is kept, and the shopper pays it here with
// another card; cash is paid on delivery.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import { styled } from '@mui/material/styles';
import CheckCircle from '../../icons/CheckCircleOutlineOutlined.js';
import { lineKey } from '../../state/cart.jsx';
import ButtonLink from '../ButtonLink.jsx';
import { formatPrice } from '../money.js';
import { Card, PageTitle } from './layout.js';
import PayOrder from './PayOrder.jsx';
import { methodInWords, paymentInWords } from './paymentWords.js';

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
  '& .pay': { margin: theme.spacing(0, 0, 3) },
  '& .actions': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) },
}));

// The page to see the order on: the account's, or the guest's signed link.
const orderHref = (order) =>
  order.signedIn ? `/account/orders/${order.orderNo}` : `/orders/${order.orderNo}?key=${encodeURIComponent(order.key)}`;

function lead(order, unpaid) {
  if (unpaid) return `Thank you, ${order.name}. We have kept your order, but it is not paid yet: please pay with another card.`;
  if (order.paymentStatus === 'Success') return `Thank you, ${order.name}. Your order is paid and we will start on it shortly.`;
  return `Thank you, ${order.name}. We have your order and will start on it shortly.`;
}

// order: POST /api/checkout's answer with the form's name and payment method, the cart's items and
// whether the shopper is signed in. `title` replaces "Order #… placed".
export default function OrderPlaced({ order: placed, title }) {
  const [order, setOrder] = useState(placed);
  const heading = useRef(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  const unpaid = order.paymentMethod === 'Stripe' && order.status === 'Pending' && order.paymentStatus !== 'Success';
  return (
    <>
      <PageTitle ref={heading} tabIndex={-1}>
        {title || `Order #${order.orderNo} placed`}
      </PageTitle>
      <Placed aria-label="Your order">
        <p className="done" role="status">
          {!unpaid && <CheckCircle />}
          <span>{lead(order, unpaid)}</span>
        </p>
        <dl>
          <dt>Order number</dt>
          <dd>#{order.orderNo}</dd>
          <dt>Total</dt>
          <dd>{formatPrice(order.total)}</dd>
          <dt>Payment</dt>
          <dd>
            {methodInWords(order.paymentMethod)}: {paymentInWords(order)}
          </dd>
          <dt>Status</dt>
          <dd>{order.status}</dd>
        </dl>
        {order.paymentMethod === 'Cash' && (
          <Alert severity="info" className="pay">
            {order.payment?.message || 'Pay in cash when your order is delivered.'}
          </Alert>
        )}
        {unpaid && (
          <div className="pay">
            <h2>Pay with another card</h2>
            <PayOrder
              orderNo={order.orderNo}
              orderKey={order.key}
              total={order.total}
              message={order.payment?.message}
              onPaid={(now) => setOrder((before) => ({ ...before, ...now }))}
            />
          </div>
        )}
        <ul aria-label="What you ordered">
          {order.items.map((item) => (
            <li key={lineKey(item)}>
              {item.qty} × {item.name}
            </li>
          ))}
        </ul>
        <div className="actions">
          {(order.signedIn || order.key) && <ButtonLink href={orderHref(order)}>See your order</ButtonLink>}
          <ButtonLink href="/" className="outlined">
            Continue shopping
          </ButtonLink>
        </div>
      </Placed>
    </>
  );
}
