// /admin/customers/{id}: one customer: their contact details (editable), balance and orders.
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminLayout from '../admin/AdminLayout.jsx';
import DataTable from '../admin/DataTable.jsx';
import CustomerForm from '../admin/forms/CustomerForm.jsx';
import { formatMoney } from '../admin/format.js';
import { day } from '../admin/list/cells.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import Link from '../common/Link.jsx';
import { notify } from '../common/toast.jsx';

const ORDER_COLUMNS = [
  { key: 'id', label: 'Order', render: (o) => <Link href={`/admin/orders/${o.id}`}>#{o.id}</Link> },
  { key: 'purchaseDate', label: 'Date', render: (o) => day(o.purchaseDate) },
  { key: 'qty', label: 'Items', align: 'right' },
  { key: 'amount', label: 'Amount', align: 'right', render: (o) => formatMoney(o.amount) },
  { key: 'status', label: 'Status', render: (o) => <StatusChip status={o.status} /> },
  { key: 'payment', label: 'Payment' },
];

function CustomerView({ initial }) {
  const [customer, setCustomer] = useState(initial);
  const saved = (record) => {
    setCustomer(record);
    notify.success(`Saved the contact details of ${record.name}`);
  };
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar src={customer.image || undefined} alt="" sx={{ width: 56, height: 56 }} />
        <div>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {customer.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Customer since {customer.createdAt.slice(0, 10)} · {customer.orders.length} orders · balance {formatMoney(customer.balance)}
          </Typography>
        </div>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
                Contact details
              </Typography>
              <CustomerForm key={customer.id} customer={customer} onSaved={saved} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <DataTable title="Orders" columns={ORDER_COLUMNS} rows={customer.orders} empty="No orders yet." />
        </Grid>
      </Grid>
    </>
  );
}

// Without props (the server asked to sign in first) the shell shows the sign-in form instead.
export default function AdminCustomer({ session, customer }) {
  return (
    <AdminLayout active="/admin/customers" title="Customer" session={session}>
      {customer && <CustomerView key={customer.id} initial={customer} />}
    </AdminLayout>
  );
}
