// /admin/orders/{id}: one order: its summary (with how it was shipped), its lines (a refund may be
// asked for on a line of a delivered order), its shipments (one per seller, each shipped parcel
// marked delivered on its own), its status history, its payments with the calls and
// events behind them, and its refunds. It moves on by the buttons its status allows: Mark
// processing, Ship (carrier and tracking number), Mark delivered or, for cash not yet taken, Cash
// collected, and Cancel order; each asks first, and a refusal by the server is said in a toast.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminLayout from '../admin/AdminLayout.jsx';
import DataTable from '../admin/DataTable.jsx';
import { fetchRecord } from '../admin/forms/api.js';
import RefundRequestForm from '../admin/forms/RefundRequestForm.jsx';
import ShipOrderForm from '../admin/forms/ShipOrderForm.jsx';
import { formatDateTime, formatMoney } from '../admin/format.js';
import { Thumbnail, day, dayAndTime, orDash } from '../admin/list/cells.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useStatusMove from '../admin/list/useStatusMove.jsx';
import { describeMove, describeRefundMove, moveLabel } from '../admin/orders/moves.js';
import { PaymentTimeline, PaymentsTable } from '../admin/orders/OrderPayments.jsx';
import OrderShipments from '../admin/orders/OrderShipments.jsx';
import Link from '../common/Link.jsx';
import { notify } from '../common/toast.jsx';

function Fact({ label, children }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: '130px 1fr', gap: 1, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Summary({ order }) {
  const { customer } = order;
  return (
    <Card variant="outlined" component="section" aria-labelledby="order-summary" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="order-summary" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Summary
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Fact label="Status">
            <StatusChip status={order.status} />
          </Fact>
          <Fact label="Payment">
            {order.paymentMethod} <StatusChip status={order.paymentStatus} />
          </Fact>
          <Fact label="Amount">
            {formatMoney(order.amount)}
            {order.due !== order.amount && (
              <Typography variant="caption" component="div" color="text.secondary">
                {formatMoney(order.due)} to pay: {formatMoney(order.amount - order.due)} cancelled by sellers
              </Typography>
            )}
          </Fact>
          {order.carrier && (
            <Fact label="Shipped with">
              {order.carrier}
              <br />
              {order.trackingUrl ? (
                <MuiLink
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Track ${order.trackingNo} with ${order.carrier}`}
                >
                  {order.trackingNo}
                </MuiLink>
              ) : (
                order.trackingNo
              )}
            </Fact>
          )}
          <Fact label="Purchased">{formatDateTime(order.purchaseDate)}</Fact>
          <Fact label="Customer">
            <Link href={`/admin/customers/${customer.id}`} sx={{ fontWeight: 600 }}>
              {customer.name}
            </Link>
            <br />
            {customer.email}
            {customer.phone && (
              <>
                <br />
                {customer.phone}
              </>
            )}
          </Fact>
          <Fact label="Billing address">{order.billingAddress}</Fact>
          <Fact label="Delivery address">
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {order.deliveryAddress || 'The billing address'}
            </Box>
          </Fact>
        </Box>
      </CardContent>
    </Card>
  );
}

function OrderView({ initial, carriers }) {
  const [order, setOrder] = useState(initial);
  const [refunding, setRefunding] = useState(null);
  const [shipping, setShipping] = useState(false);

  const refresh = async () => {
    const answer = await fetchRecord(`/api/orders/${order.id}`);
    if (answer.ok) setOrder(answer.data);
    else notify.error(answer.data.message);
  };
  // Refused (moved meanwhile): show the order as it now is.
  const settled = (answer) => (answer.ok ? setOrder(answer.data) : refresh());
  const move = useStatusMove('/api/orders', {
    name: (o) => `order #${o.id}`,
    describe: describeMove,
    onSettled: settled,
  });
  // A refund request's answer is the request; the order's payments changed with it: read it again.
  const refundMove = useStatusMove('/api/refund-requests', {
    name: (refund) => `refund request #${refund.id}`,
    describe: (refund, to) => describeRefundMove(order, refund, to),
    onSettled: refresh,
  });
  const shipped = (saved) => {
    notify.success(`Order #${saved.id} is now Shipped with ${saved.carrier} (${saved.trackingNo})`);
    setShipping(false);
    setOrder(saved);
  };
  const refundAsked = (record) => {
    notify.success(`Refund request #${record.id} of ${formatMoney(record.amount)} recorded for “${refunding.title}”`);
    setRefunding(null);
    refresh();
  };

  const canRefund = order.status === 'Delivered';
  const lineColumns = [
    {
      key: 'title',
      label: 'Product',
      render: (line) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 200 }}>
          <Thumbnail src={line.image} name={line.title} />
          <div>
            <Link href={`/admin/products/${line.productId}`}>{line.title}</Link>
            {line.cancelledAt && (
              <Typography variant="caption" component="div" color="error">
                Cancelled by the seller: {line.cancelReason}
              </Typography>
            )}
            {line.cancelling && (
              <Typography variant="caption" component="div" color="warning.main">
                Being cancelled: its card refund is not confirmed yet
              </Typography>
            )}
          </div>
        </Stack>
      ),
    },
    { key: 'shopName', label: 'Shop', render: (line) => orDash(line.shopName) },
    { key: 'condition', label: 'Condition' },
    { key: 'unitPrice', label: 'Unit price', align: 'right', render: (line) => formatMoney(line.unitPrice) },
    { key: 'qty', label: 'Qty', align: 'right' },
    { key: 'amount', label: 'Amount', align: 'right', render: (line) => formatMoney(line.amount) },
    { key: 'refunded', label: 'Refunded', align: 'right', render: (line) => formatMoney(line.refunded) },
    ...(canRefund
      ? [
          {
            key: 'actions',
            label: 'Actions',
            align: 'right',
            render: (line) =>
              Number(line.refundable) > 0 && (
                <Button
                  size="small"
                  onClick={() => setRefunding(line)}
                  aria-label={`Request a refund on ${line.title}`}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Request refund
                </Button>
              ),
          },
        ]
      : []),
  ];
  const historyColumns = [
    { key: 'at', label: 'When', render: (change) => dayAndTime(change.at) },
    {
      key: 'to',
      label: 'Status',
      render: (change) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
          {change.from && <span>{change.from} →</span>}
          <StatusChip status={change.to} />
        </Stack>
      ),
    },
    { key: 'by', label: 'By' },
  ];
  const refundColumns = [
    { key: 'id', label: 'Request', render: (refund) => `#${refund.id}` },
    { key: 'title', label: 'Product' },
    { key: 'amount', label: 'Amount', align: 'right', render: (refund) => formatMoney(refund.amount) },
    { key: 'status', label: 'Status', render: (refund) => <StatusChip status={refund.status} /> },
    { key: 'reason', label: 'Reason', render: (refund) => orDash(refund.reason) },
    { key: 'date', label: 'Date', render: (refund) => day(refund.date) },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (refund) => refund.next.map((to) => <span key={to}>{refundMove.button(refund, to)}</span>),
    },
  ];

  return (
    <>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Order #{order.id}
        </Typography>
        <StatusChip status={order.status} />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" useFlexGap role="group" aria-label="Order actions" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {order.next.map((to) =>
            to === 'Shipped' ? (
              <Button key={to} variant="contained" onClick={() => setShipping(true)}>
                {moveLabel(order, to)}
              </Button>
            ) : (
              <span key={to}>
                {move.button(order, to, {
                  label: moveLabel(order, to),
                  variant: to === 'Cancelled' ? 'outlined' : 'contained',
                  size: 'medium',
                })}
              </span>
            ),
          )}
        </Stack>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Summary order={order} />
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <DataTable
            title="Status history"
            columns={historyColumns}
            rows={order.history.map((change, n) => ({ ...change, id: n }))}
            empty="No changes yet."
          />
        </Grid>
        <Grid size={12}>
          <DataTable title="Items" columns={lineColumns} rows={order.lines} />
        </Grid>
        <Grid size={12}>
          <OrderShipments order={order} onSettled={settled} />
        </Grid>
        <Grid size={12}>
          <PaymentsTable order={order} />
        </Grid>
        <Grid size={12}>
          <PaymentTimeline order={order} />
        </Grid>
        <Grid size={12}>
          <DataTable title="Refunds" columns={refundColumns} rows={order.refunds} empty="No refunds asked for." />
        </Grid>
      </Grid>
      {move.dialog}
      {refundMove.dialog}
      {shipping && (
        <ShipOrderForm order={order} carriers={carriers} onClose={() => setShipping(false)} onSaved={shipped} onNotSaved={refresh} />
      )}
      {refunding && <RefundRequestForm line={refunding} onClose={() => setRefunding(null)} onSaved={refundAsked} />}
    </>
  );
}

// Without props (the server asked to sign in first) the shell shows the sign-in form instead.
export default function AdminOrder({ session, order, carriers }) {
  return (
    <AdminLayout active="/admin/orders" title="Order" session={session}>
      {order && <OrderView key={order.id} initial={order} carriers={carriers} />}
    </AdminLayout>
  );
}
