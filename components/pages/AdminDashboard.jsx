// /admin: the back office's dashboard (30-day figures, the daily sales chart, recent purchases,
// products out of stock) inside the admin shell, which guards it by the session. Props come from
// the server with the signed-in session (app/pages/admin/shell.py); an owner is also told of mail
// that could not be delivered (`failedMessages`), with a link to it in the outbox.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import AdminLayout from '../admin/AdminLayout.jsx';
import DashboardCards from '../admin/DashboardCards.jsx';
import DataTable from '../admin/DataTable.jsx';
import SalesChart from '../admin/chart/SalesChart.jsx';
import { formatMoney } from '../admin/format.js';
import StatusChip from '../admin/list/StatusChip.jsx';
import RouterAnchor from '../common/RouterAnchor.jsx';

const money = (key) => (record) => formatMoney(record[key]);

const PURCHASE_COLUMNS = [
  { key: 'id', label: 'Order', render: (r) => `#${r.id}` },
  { key: 'product', label: 'Product' },
  { key: 'payment', label: 'Payment', render: (r) => <StatusChip status={r.payment} /> },
  { key: 'amount', label: 'Amount', align: 'right', render: money('amount') },
];

const STOCK_OUT_COLUMNS = [
  { key: 'product', label: 'Product' },
  { key: 'stock', label: 'Stock', align: 'right' },
  { key: 'amount', label: 'Price', align: 'right', render: money('amount') },
];

function FailedMail({ count }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" component={RouterAnchor} href="/admin/outbox?state=failed" sx={{ whiteSpace: 'nowrap' }}>
          Open the outbox
        </Button>
      }
    >
      {count === 1 ? '1 message could not be delivered' : `${count} messages could not be delivered`}
    </Alert>
  );
}

export default function AdminDashboard({ session, cards = [], salesSeries = [], recentPurchases = [], stockOut = [], failedMessages = 0 }) {
  return (
    <AdminLayout active="/admin" title="Dashboard" session={session}>
      {failedMessages > 0 && <FailedMail count={failedMessages} />}
      <DashboardCards cards={cards} />
      <Grid container spacing={2} sx={{ mt: 2 }}>
        <Grid size={12}>
          <SalesChart series={salesSeries} />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <DataTable title="Recent Purchases" columns={PURCHASE_COLUMNS} rows={recentPurchases} empty="No orders yet." />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <DataTable title="Stock Out Products" columns={STOCK_OUT_COLUMNS} rows={stockOut} empty="Every product is in stock." />
        </Grid>
      </Grid>
    </AdminLayout>
  );
}
