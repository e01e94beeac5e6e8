// /account/orders: the shopper's orders, newest first, ten a page, each linking to its own page.
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import AccountLayout from '../account/AccountLayout.jsx';
import { Panel } from '../account/OrderDetails.jsx';
import { formatDay } from '../account/dates.js';
import ButtonLink from '../shop/ButtonLink.jsx';
import { formatPrice } from '../shop/money.js';

const List = sharedStyled('ol', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
  '& a.order': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: theme.spacing(2),
    padding: theme.spacing(2, 2.5),
    borderRadius: 8,
    background: theme.palette.background.paper,
    border: `1px solid ${theme.palette.grey[200]}`,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    '&:hover': { borderColor: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr auto', gap: theme.spacing(0.75, 2), padding: theme.spacing(1.5, 2) },
  },
  '& .no': { fontWeight: 700 },
  '& .muted': { fontSize: 14, color: theme.palette.text.secondary },
  '& .total': { fontWeight: 700, textAlign: 'end' },
  '& .status': {
    justifySelf: 'start',
    padding: theme.spacing(0.25, 1.25),
    borderRadius: 12,
    fontSize: 13,
    fontWeight: 700,
    background: theme.palette.grey[100],
  },
  '& .status.Delivered': { background: '#e7f6ec', color: '#1d6b36' },
  '& .status.Processing': { background: '#e8f0fe', color: '#1a4fa0' },
  '& .status.Pending': { background: '#fff4e0', color: '#8a5300' },
}));

const Pager = sharedStyled('nav', (theme) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
  flexWrap: 'wrap',
  '& a': { color: theme.palette.primary.main, fontWeight: 600, padding: theme.spacing(1, 0) },
  '& span': { color: theme.palette.text.secondary, fontSize: 14 },
}));

const Empty = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(2),
  justifyItems: 'start',
  '& p': { margin: 0 },
}));

export default function AccountOrders({ me, orders = [], total = 0, page = 1, perPage = 10 }) {
  if (!me) return <AccountLayout title="Your orders">Loading…</AccountLayout>;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <AccountLayout title="Your orders">
      {total === 0 ? (
        <Panel>
          <Empty>
            <p>You have no orders yet. Orders you place while signed in, and those placed with your verified email, show here.</p>
            <ButtonLink href="/">Start shopping</ButtonLink>
          </Empty>
        </Panel>
      ) : (
        <>
          <List aria-label="Your orders, newest first">
            {orders.map((order) => (
              <li key={order.orderNo}>
                <RouterAnchor className="order" href={`/account/orders/${order.orderNo}`}>
                  <span>
                    <span className="no">Order #{order.orderNo}</span>
                    <br />
                    <span className="muted">Placed {formatDay(order.placedAt)}</span>
                  </span>
                  <span className={`status ${order.status}`}>{order.status}</span>
                  <span className="muted">
                    {order.books} {order.books === 1 ? 'book' : 'books'}
                  </span>
                  <span className="total">{formatPrice(order.total)}</span>
                </RouterAnchor>
              </li>
            ))}
          </List>
          {pages > 1 && (
            <Pager aria-label="Pages of your orders">
              {page > 1 ? <RouterAnchor href={`/account/orders?page=${page - 1}`}>← Newer orders</RouterAnchor> : <span />}
              <span>
                Page {page} of {pages}
              </span>
              {page < pages ? <RouterAnchor href={`/account/orders?page=${page + 1}`}>Older orders →</RouterAnchor> : <span />}
            </Pager>
          )}
        </>
      )}
    </AccountLayout>
  );
}
