// /admin/orders/{id}: one order: its summary, its lines (a refund may be asked for on a line of a
// delivered order), its status history and its refunds; it moves on to its next status after
// the confirmation dialog.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminLayout from '../admin/AdminLayout.jsx';
import DataTable from '../admin/DataTable.jsx';
import { fetchRecord } from '../admin/forms/api.js';
import RefundRequestForm from '../admin/forms/RefundRequestForm.jsx';
import { formatDateTime, formatMoney } from '../admin/format.js';
import { Thumbnail, day, dayAndTime, orDash } from '../admin/list/cells.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useStatusMove from '../admin/list/useStatusMove.jsx';
import Link from '../common/Link.jsx';
import { notify } from '../common/toast.jsx';

// What a move does besides changing the status, said in its confirmation.
const CONSEQUENCES = {
  Delivered: ' Delivering records each seller’s earning on their lines, less the store’s commission.',
};

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
          <Fact label="Amount">{formatMoney(order.amount)}</Fact>
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

function OrderView({ initial }) {
  const [order, setOrder] = useState(initial);
  const [refunding, setRefunding] = useState(null);

  const refresh = async () => {
    const answer = await fetchRecord(`/api/orders/${order.id}`);
    if (answer.ok) setOrder(answer.data);
    else notify.error(answer.data.message);
  };
  const move = useStatusMove('/api/orders', {
    name: (o) => `order #${o.id}`,
    describe: (o, to) => ({
      message: `Order #${o.id} (${formatMoney(o.amount)}) will move from ${o.status} to ${to}.${CONSEQUENCES[to] || ''}`,
      done: `Order #${o.id} is now ${to}`,
    }),
    // Refused (moved meanwhile): show the order as it now is.
    onSettled: (answer) => (answer.ok ? setOrder(answer.data) : refresh()),
  });
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
          <Link href={`/admin/products/${line.productId}`}>{line.title}</Link>
        </Stack>
      ),
    },
    { key: 'shopName', label: 'Shop', render: (line) => orDash(line.shopName) },
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
  ];

  return (
    <>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Order #{order.id}
        </Typography>
        <StatusChip status={order.status} />
        <Box sx={{ flexGrow: 1 }} />
        {order.next.map((to) => (
          <span key={to}>{move.button(order, to, { label: `Move to ${to}`, variant: 'contained', size: 'medium' })}</span>
        ))}
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
          <DataTable title="Refunds" columns={refundColumns} rows={order.refunds} empty="No refunds asked for." />
        </Grid>
      </Grid>
      {move.dialog}
      {refunding && <RefundRequestForm line={refunding} onClose={() => setRefunding(null)} onSaved={refundAsked} />}
    </>
  );
}

// Without props (the server asked to sign in first) the shell shows the sign-in form instead.
export default function AdminOrder({ session, order }) {
  return (
    <AdminLayout active="/admin/orders" title="Order" session={session}>
      {order && <OrderView key={order.id} initial={order} />}
    </AdminLayout>
  );
}
