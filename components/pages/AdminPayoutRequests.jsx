// /admin/payout-requests: sellers asking to be paid their balance, newest first, searched,
// filtered (status), sorted and paged on the server. A request being processed is accepted (paid
// by the chosen method: a payout is recorded and the seller's balance drops) or rejected, each
// after the confirmation dialog. A request above the seller's balance now cannot be accepted.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AdminLayout from '../admin/AdminLayout.jsx';
import { formatMoney } from '../admin/format.js';
import { TwoLines, day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useStatusMove from '../admin/list/useStatusMove.jsx';
import { PAYOUT_STATUSES } from '../admin/statuses.js';

const ENDPOINT = '/api/payout-requests';

function PaymentChoice({ row, methods, payment, onChange }) {
  const over = Number(row.requestAmount) > Number(row.balance);
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      {over && (
        <Alert severity="warning">
          The request ({formatMoney(row.requestAmount)}) is above {row.shopName}’s balance now ({formatMoney(row.balance)}): it cannot be
          accepted.
        </Alert>
      )}
      <TextField
        select
        size="small"
        fullWidth
        required
        label="Payment method"
        value={payment}
        onChange={(event) => onChange(event.target.value)}
      >
        {methods.map((method) => (
          <MenuItem key={method} value={method}>
            {method}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

export default function AdminPayoutRequests({ session, list: initial, paymentMethods = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  // The method last chosen is offered again: payouts are often paid in a row the same way.
  const [payment, setPayment] = useState('');
  const describe = (row, to) => {
    const who = `${row.seller} (${row.shopName})`;
    if (to === 'Rejected') {
      return {
        message: `Payout request #${row.no} of ${formatMoney(row.requestAmount)} from ${who} will be rejected; the balance stays as it is.`,
        done: `Payout request #${row.no} rejected`,
      };
    }
    return {
      message: `Pay ${formatMoney(row.requestAmount)} to ${who}? A payout is recorded and the seller’s balance drops by that much.`,
      content: <PaymentChoice row={row} methods={paymentMethods} payment={payment} onChange={setPayment} />,
      ready: Boolean(payment) && Number(row.requestAmount) <= Number(row.balance),
      body: { payment },
      done: `Payout request #${row.no} accepted: ${formatMoney(row.requestAmount)} paid to ${row.seller} by ${payment}`,
    };
  };
  const move = useStatusMove(ENDPOINT, { key: 'no', name: (row) => `payout request #${row.no}`, describe, onSettled: () => list.reload() });

  const columns = [
    { key: 'no', label: 'No', sortable: true },
    { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
    { key: 'seller', label: 'Seller', sortable: true, render: (row) => <TwoLines primary={row.seller} secondary={row.shopName} /> },
    // What was asked for, over the balance the seller had when asking (the request's total amount).
    {
      key: 'requestAmount',
      label: 'Requested',
      sortable: true,
      align: 'right',
      render: (row) => <TwoLines primary={money(row.requestAmount)} secondary={`balance then ${money(row.totalAmount)}`} />,
    },
    { key: 'balance', label: 'Balance now', align: 'right', render: (row) => money(row.balance) },
    { key: 'status', label: 'Status', sortable: true, render: (row) => <StatusChip status={row.status} /> },
    move.column,
  ];

  return (
    <AdminLayout active="/admin/payout-requests" title="Payout Requests" session={session}>
      <ListView
        title="Payout requests"
        list={list}
        columns={columns}
        filters={[{ name: 'status', label: 'Status', options: PAYOUT_STATUSES }]}
        searchLabel="Search payout requests"
        emptyText="No payout requests yet."
        rowKey="no"
      />
      {move.dialog}
    </AdminLayout>
  );
}
