// One order as its shopper sees it, in the account (/account/orders/{no}) and by its signed link
// (/orders/{no}?key=…): what was ordered with covers and links, the totals and payment, the billing
// and delivery addresses, and the timeline of its status changes. The lines are grouped by shipment
// (one per seller: who sends it, its state, carrier and tracking), each line with its copies' condition. `actions` go under the summary.
// Shipped, it tells the carrier and the tracking number, linked to the carrier's tracking page. A card
// order not paid yet links to the checkout to pay it with another card (only the checkout may load
// Stripe.js): `orderKey`, the guest link's key, goes with it; the account's own order needs none.
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { useRouter } from '../common/router.jsx';
import ButtonLink from '../shop/ButtonLink.jsx';
import VisuallyHidden from '../shop/VisuallyHidden.jsx';
import { conditionLabel } from '../shop/copies.js';
import { formatPrice } from '../shop/money.js';
import { methodInWords, paymentInWords } from '../shop/cart/paymentWords.js';
import { formatMoment } from './dates.js';

export const Panel = sharedStyled('section', (theme) => ({
  padding: theme.spacing(2.5),
  borderRadius: 8,
  background: theme.palette.background.paper,
  border: `1px solid ${theme.palette.grey[200]}`,
  minWidth: 0,
  '& h2': { margin: theme.spacing(0, 0, 1.5), fontSize: 18, fontWeight: 700 },
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

const Layout = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(2.5),
  '& .facts': {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: theme.spacing(2),
    margin: 0,
  },
  '& .facts dt': { fontSize: 13, color: theme.palette.text.secondary },
  '& .facts dd': { margin: theme.spacing(0.25, 0, 0), fontWeight: 600 },
  '& .status': {
    display: 'inline-block',
    padding: theme.spacing(0.25, 1.25),
    borderRadius: 12,
    fontSize: 13,
    fontWeight: 700,
    background: theme.palette.grey[100],
    color: theme.palette.text.primary,
  },
  '& .status.Delivered': { background: '#e7f6ec', color: '#1d6b36' },
  '& .status.Processing': { background: '#e8f0fe', color: '#1a4fa0' },
  '& .status.Pending': { background: '#fff4e0', color: '#8a5300' },
  '& .status.Shipped': { background: '#e8f0fe', color: '#1a4fa0' },
  '& .status.Cancelled': { background: '#fdecec', color: '#a1262b' },
  '& .payment-problem': {
    margin: theme.spacing(2, 0, 0),
    padding: theme.spacing(1.5, 2),
    borderRadius: 6,
    background: '#fdecec',
    color: '#a1262b',
    overflowWrap: 'anywhere',
  },
  '& .parcel': { margin: theme.spacing(2, 0, 0), overflowWrap: 'anywhere' },
  '& .parcel a': { color: theme.palette.primary.main, fontWeight: 600 },
  '& .lines': { listStyle: 'none', margin: 0, padding: 0 },
  '& .shipment': { paddingTop: theme.spacing(1.5), borderTop: `1px solid ${theme.palette.grey[200]}` },
  '& .shipment + .shipment': { marginTop: theme.spacing(1.5) },
  '& .shipment h3': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: theme.spacing(1),
    margin: 0,
    fontSize: 15,
    fontWeight: 700,
  },
  '& .shipment .parcel': { margin: theme.spacing(0.75, 0, 0), fontSize: 14 },
  '& .condition': { fontWeight: 600 },
  '& .cancelled': { fontSize: 14, color: '#a1262b' },
  '& .struck': { textDecoration: 'line-through', color: theme.palette.text.secondary },
  '& .line': {
    display: 'grid',
    gridTemplateColumns: '56px minmax(0, 1fr) auto',
    gap: theme.spacing(1.5),
    alignItems: 'center',
    padding: theme.spacing(1.5, 0),
    borderBottom: `1px solid ${theme.palette.grey[200]}`,
  },
  '& .cover': {
    width: 56,
    height: 72,
    objectFit: 'contain',
    borderRadius: 4,
    background: theme.palette.grey[100],
    display: 'block',
  },
  '& .title': { fontWeight: 600, color: theme.palette.text.primary, overflowWrap: 'anywhere' },
  '& a.title:hover': { color: theme.palette.primary.main },
  '& .qty': { fontSize: 14, color: theme.palette.text.secondary, marginTop: theme.spacing(0.25) },
  '& .amount': { fontWeight: 600, whiteSpace: 'nowrap' },
  '& .subtotal': { display: 'flex', justifyContent: 'space-between', paddingTop: theme.spacing(1), fontSize: 15 },
  '& .total': {
    display: 'flex',
    justifyContent: 'space-between',
    paddingTop: theme.spacing(1.5),
    fontSize: 18,
    fontWeight: 700,
  },
  '& .addresses': { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: theme.spacing(2.5) },
  '& .addresses h3': { margin: theme.spacing(0, 0, 0.75), fontSize: 15, fontWeight: 700 },
  '& .address': { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: theme.palette.text.primary },
  '& .timeline': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.spacing(1.5) },
  '& .timeline li': {
    position: 'relative',
    paddingInlineStart: theme.spacing(3),
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 4,
      top: 6,
      width: 10,
      height: 10,
      borderRadius: '50%',
      background: theme.palette.primary.main,
    },
    '&:not(:last-child)::after': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 8,
      top: 18,
      bottom: -12,
      width: 2,
      background: theme.palette.grey[300],
    },
  },
  '& .timeline strong': { display: 'block' },
  '& .timeline time': { fontSize: 14, color: theme.palette.text.secondary },
  '& .actions': { display: 'grid', gap: theme.spacing(1.5), marginTop: theme.spacing(2.5) },
}));

function Line({ line }) {
  const cover = line.imgUrl ? (
    <img className="cover" src={line.imgUrl} alt="" width="56" height="72" loading="lazy" />
  ) : (
    <span className="cover" aria-hidden="true" />
  );
  return (
    <li className="line">
      {cover}
      <div>
        {line.url ? (
          <RouterAnchor className="title" href={line.url}>
            {line.title}
          </RouterAnchor>
        ) : (
          <span className="title">{line.title} (no longer sold)</span>
        )}
        <div className="qty">
          {line.condition !== 'New' && <span className="condition">{conditionLabel(line.condition)} · </span>}
          Qty {line.qty} × {formatPrice(line.unitPrice)}
        </div>
        {line.cancelledAt && (
          <div className="cancelled">
            Cancelled by the seller: {line.cancelReason}. You do not pay for it: money already paid for it goes back to you.
          </div>
        )}
      </div>
      <span className={line.cancelledAt ? 'amount struck' : 'amount'}>{formatPrice(line.lineTotal)}</span>
    </li>
  );
}

// "Shipped with UPS, tracking number 1Z…", the number linked to the carrier's tracking page.
// `order`: an order or one of its shipments (both have carrier, trackingNo and trackingUrl).
function Parcel({ order }) {
  const number = order.trackingUrl ? (
    <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
      {order.trackingNo}
      <VisuallyHidden> (opens the carrier&apos;s tracking page)</VisuallyHidden>
    </a>
  ) : (
    order.trackingNo
  );
  return (
    <p className="parcel">
      Shipped with {order.carrier}
      {order.trackingNo && <>, tracking number {number}</>}
    </p>
  );
}

function Lines({ lines }) {
  if (lines.length === 0) return null;
  return (
    <ul className="lines">
      {lines.map((line) => (
        <Line key={`${line.productId}:${line.condition}`} line={line} />
      ))}
    </ul>
  );
}

// One seller's parcel: who sends it, where it stands, its carrier and tracking (unless the summary
// already says it: the whole order sent with one carrier), and its lines.
function Shipment({ order, shipment, number, lines }) {
  const ownParcel = shipment.carrier && (shipment.carrier !== order.carrier || shipment.trackingNo !== order.trackingNo);
  return (
    <section className="shipment" aria-label={`Shipment from ${shipment.seller}`}>
      <h3>
        {number ? `Shipment ${number}` : 'Shipment'}: from {shipment.seller}{' '}
        <span className={`status ${shipment.status}`}>{shipment.status}</span>
      </h3>
      {ownParcel && <Parcel order={shipment} />}
      <Lines lines={lines} />
    </section>
  );
}

const payHref = (order, orderKey) => `/checkout#pay=${order.orderNo}${orderKey ? `&key=${encodeURIComponent(orderKey)}` : ''}`;

export default function OrderDetails({ order, actions, orderKey }) {
  const takesCards = useRouter().config?.payments?.methods?.includes('Stripe');
  const payable = order.payableByCard && takesCards;
  return (
    <Layout>
      <Panel aria-labelledby="order-summary">
        <h2 id="order-summary">Summary</h2>
        <dl className="facts">
          <div>
            <dt>Order number</dt>
            <dd>#{order.orderNo}</dd>
          </div>
          <div>
            <dt>Placed on</dt>
            <dd>
              <time dateTime={order.placedAt}>{formatMoment(order.placedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`status ${order.status}`}>{order.status}</span>
            </dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatPrice(order.due)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>
              {methodInWords(order.paymentMethod)}: {paymentInWords(order)}
            </dd>
          </div>
        </dl>
        {order.carrier && <Parcel order={order} />}
        {payable && order.payment.message && <p className="payment-problem">{order.payment.message}</p>}
        {(actions || payable) && (
          <div className="actions">
            {payable && <ButtonLink href={payHref(order, orderKey)}>Pay with another card</ButtonLink>}
            {actions}
          </div>
        )}
      </Panel>
      <Panel aria-labelledby="order-lines">
        <h2 id="order-lines">
          {order.books} {order.books === 1 ? 'book' : 'books'} ordered
        </h2>
        {order.shipments.map((shipment, i) => (
          <Shipment
            key={shipment.id}
            order={order}
            shipment={shipment}
            number={order.shipments.length > 1 ? `${i + 1} of ${order.shipments.length}` : null}
            lines={order.lines.filter((line) => line.shipmentId === shipment.id)}
          />
        ))}
        <Lines lines={order.lines.filter((line) => !order.shipments.some((s) => s.id === line.shipmentId))} />
        {order.due !== order.total && (
          <>
            <div className="subtotal">
              <span>Ordered</span>
              <span>{formatPrice(order.total)}</span>
            </div>
            <div className="subtotal">
              <span>Cancelled by sellers</span>
              <span>−{formatPrice(order.total - order.due)}</span>
            </div>
          </>
        )}
        <div className="total">
          <span>Total</span>
          <span>{formatPrice(order.due)}</span>
        </div>
      </Panel>
      <Panel aria-labelledby="order-addresses">
        <h2 id="order-addresses">Addresses</h2>
        <div className="addresses">
          <div>
            <h3>Billing address</h3>
            <p className="address">
              {order.name}
              {'\n'}
              {order.billingAddress}
            </p>
          </div>
          <div>
            <h3>Delivery address</h3>
            <p className="address">{order.deliveryAddress || 'The billing address'}</p>
          </div>
        </div>
      </Panel>
      <Panel aria-labelledby="order-timeline">
        <h2 id="order-timeline">Timeline</h2>
        <ol className="timeline">
          {order.timeline.map((change, i) => (
            <li key={i}>
              <strong>{change.status === 'Pending' && i === 0 ? 'Order placed' : change.status}</strong>
              <time dateTime={change.at}>{formatMoment(change.at)}</time>
            </li>
          ))}
        </ol>
      </Panel>
    </Layout>
  );
}
