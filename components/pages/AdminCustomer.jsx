// /admin/customers/{id}: one customer: their contact details (editable), balance and orders.
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminLayout from '../admin/AdminLayout.jsx';
import DataTable from '../admin/DataTable.jsx';
import ConfirmDialog from '../admin/ConfirmDialog.jsx';
import CustomerForm from '../admin/forms/CustomerForm.jsx';
import { sendJson } from '../admin/forms/api.js';
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

const ALERT_COLUMNS = [
  { key: 'title', label: 'Book', render: (a) => <Link href={a.url}>{a.title}</Link> },
  { key: 'email', label: 'Email' },
  { key: 'createdAt', label: 'Asked', render: (a) => day(a.createdAt) },
  { key: 'state', label: 'State', render: (a) => (a.state === 'open' ? 'Waiting' : a.state === 'sent' ? 'Sent' : 'Cancelled') },
];

// The customer's shopper account: whether there is one, verified or disabled; an owner may mail a
// password-reset link or disable it (signed out everywhere at once).
function AccountCard({ customer, owner, onChanged }) {
  const account = customer.account;
  const [asking, setAsking] = useState(null);
  const [busy, setBusy] = useState(false);
  const act = async (kind) => {
    setAsking(null);
    setBusy(true);
    const url = `/api/customer-accounts/${customer.id}`;
    const answer =
      kind === 'reset' ? await sendJson('POST', `${url}/password-reset`) : await sendJson('PATCH', url, { disabled: kind === 'disable' });
    setBusy(false);
    if (!answer.ok) {
      notify.error(answer.data.message);
      return;
    }
    onChanged(answer.data);
    notify.success(
      kind === 'reset'
        ? `A password-reset link was mailed to ${account.email}`
        : kind === 'disable'
          ? `The account of ${customer.name} is disabled and signed out`
          : `The account of ${customer.name} is enabled again`,
    );
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
          Shopper account
        </Typography>
        {!account ? (
          <Typography variant="body2" color="text.secondary">
            No account: this customer ordered as a guest.
          </Typography>
        ) : (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Chip size="small" label="Has an account" color="primary" variant="outlined" />
              <Chip
                size="small"
                label={account.verified ? 'Email verified' : 'Email not verified'}
                color={account.verified ? 'success' : 'warning'}
              />
              {account.disabled && <Chip size="small" label="Disabled" color="error" />}
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {account.email} · since {account.createdAt.slice(0, 10)} ·{' '}
              {account.lastSignInAt ? `last signed in ${account.lastSignInAt.slice(0, 10)}` : 'never signed in'}
            </Typography>
            {owner ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button variant="outlined" disabled={busy || account.disabled} onClick={() => act('reset')}>
                  Send password reset
                </Button>
                {account.disabled ? (
                  <Button variant="outlined" disabled={busy} onClick={() => act('enable')}>
                    Enable account
                  </Button>
                ) : (
                  <Button variant="outlined" color="error" disabled={busy} onClick={() => setAsking('disable')}>
                    Disable account
                  </Button>
                )}
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Only the shop’s owner can reset the password or disable the account.
              </Typography>
            )}
          </Stack>
        )}
        <ConfirmDialog
          open={asking === 'disable'}
          message={`Disable the account of ${customer.name}? They are signed out everywhere at once and cannot sign in until it is enabled again.`}
          acknowledgement="I understand they will be signed out"
          okText="Disable"
          onOk={() => act('disable')}
          onClose={() => setAsking(null)}
        />
      </CardContent>
    </Card>
  );
}

function CustomerView({ initial, owner }) {
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
          <Stack spacing={2}>
            <AccountCard customer={customer} owner={owner} onChanged={setCustomer} />
            <DataTable title="Orders" columns={ORDER_COLUMNS} rows={customer.orders} empty="No orders yet." />
            <DataTable title="Stock alerts" columns={ALERT_COLUMNS} rows={customer.alerts} empty="No stock alerts." />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}

// Without props (the server asked to sign in first) the shell shows the sign-in form instead.
export default function AdminCustomer({ session, customer }) {
  return (
    <AdminLayout active="/admin/customers" title="Customer" session={session}>
      {customer && <CustomerView key={customer.id} initial={customer} owner={session?.user?.role === 'owner'} />}
    </AdminLayout>
  );
}
