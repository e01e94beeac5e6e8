// /admin: the back office's dashboard (30-day figures, the daily sales chart, recent purchases,
// products out of stock) inside the admin shell, which guards it by the session. Props come from
// the server with the signed-in session (app/pages/admin.py).
import Grid from '@mui/material/Grid';
import AdminLayout from '../admin/AdminLayout.jsx';
import DashboardCards from '../admin/DashboardCards.jsx';
import DataTable from '../admin/DataTable.jsx';
import SalesChart from '../admin/chart/SalesChart.jsx';
import { formatMoney } from '../admin/format.js';
import StatusChip from '../admin/list/StatusChip.jsx';

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

export default function AdminDashboard({ session, cards = [], salesSeries = [], recentPurchases = [], stockOut = [] }) {
  return (
    <AdminLayout active="/admin" title="Dashboard" session={session}>
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
