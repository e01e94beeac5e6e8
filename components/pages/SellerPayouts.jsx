// /seller/payouts: the seller's payout requests (paged on the server) and the payouts made to
// them; "Request payout" asks for at most the balance less what open requests already ask for.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../admin/format.js';
import { FormText } from '../admin/forms/fields.jsx';
import FormDialog from '../admin/forms/FormDialog.jsx';
import useForm from '../admin/forms/useForm.js';
import { day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import { PAYOUT_STATUSES } from '../admin/statuses.js';
import { notify } from '../common/toast.jsx';
import Figure from '../seller/Figure.jsx';
import SellerLayout from '../seller/SellerLayout.jsx';

const MONEY = /^\d+(\.\d{1,2})?$/;

function RequestPayout({ available, onClose, onSaved }) {
  const form = useForm({ amount: String(available) }, (values) => {
    const amount = values.amount.trim();
    if (!MONEY.test(amount) || Number(amount) <= 0 || Number(amount) > available) {
      return { amount: `Enter an amount from 0.01 to ${formatMoney(available)}` };
    }
    return {};
  });
  const save = async (event) => {
    event.preventDefault();
    const saved = await form.submit('POST', '/api/seller/payout-requests', (values) => ({ amount: values.amount.trim() }));
    if (saved) onSaved(saved);
  };
  return (
    <FormDialog open title="Request a payout" busy={form.busy} onClose={onClose} onSubmit={save} saveText="Request payout">
      <Typography variant="body2">The shop pays requests in turn. You may ask for up to {formatMoney(available)}.</Typography>
      <FormText form={form} name="amount" label="Amount" required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
    </FormDialog>
  );
}

function Payouts({ payouts }) {
  return (
    <Card variant="outlined" component="section" aria-label="Payouts received">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, p: 2 }}>
        Payouts received
      </Typography>
      {payouts.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          No payouts yet.
        </Typography>
      ) : (
        <Table size="small" aria-label="Payouts received">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>No</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Date</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Paid by</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                Amount
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payouts.map((payout) => (
              <TableRow key={payout.no}>
                <TableCell>{payout.no}</TableCell>
                <TableCell>{day(payout.date)}</TableCell>
                <TableCell>{payout.payment}</TableCell>
                <TableCell align="right">{money(payout.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

export default function SellerPayouts({ session, list: initial, payouts = [], balance, requested, available }) {
  const list = useAdminList('/api/seller/payout-requests', initial);
  const [asking, setAsking] = useState(false);
  const [free, setFree] = useState(available);
  const asked = (request) => {
    notify.success(`Payout of ${formatMoney(request.requestAmount)} requested`);
    setFree((left) => Math.round((left - request.requestAmount) * 100) / 100);
    setAsking(false);
    list.reload();
  };
  const columns = [
    { key: 'no', label: 'No', sortable: true },
    { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
    { key: 'requestAmount', label: 'Requested', sortable: true, align: 'right', render: (row) => money(row.requestAmount) },
    { key: 'totalAmount', label: 'Balance then', sortable: true, align: 'right', render: (row) => money(row.totalAmount) },
    { key: 'status', label: 'Status', sortable: true, render: (row) => <StatusChip status={row.status} /> },
  ];
  const action = (
    <Button variant="contained" size="small" disabled={free <= 0} onClick={() => setAsking(true)}>
      Request payout
    </Button>
  );
  return (
    <SellerLayout active="/seller/payouts" title="Payouts" session={session}>
      <Stack spacing={3}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure label="Balance" value={formatMoney(balance)} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure label="Requested" value={formatMoney(requested)} note="Open requests" color="warning.main" />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure label="Available" value={formatMoney(free)} color="success.main" />
          </Grid>
        </Grid>
        <ListView
          title="Payout requests"
          list={list}
          columns={columns}
          filters={[{ name: 'status', label: 'Status', options: PAYOUT_STATUSES }]}
          searchLabel="Search payout requests"
          emptyText="No payout requests yet."
          rowKey="no"
          actions={action}
          exportable={false}
        />
        <Payouts payouts={payouts} />
      </Stack>
      {asking && <RequestPayout available={free} onClose={() => setAsking(false)} onSaved={asked} />}
    </SellerLayout>
  );
}
