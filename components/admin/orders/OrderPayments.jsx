// An order's money for staff: each charge and refund (provider, the provider's reference, amount,
// status, its last word, who recorded it by hand), and one timeline of the calls the shop made to
// providers and the events they sent, oldest first: what to read when a payment went wrong.
import Box from '@mui/material/Box';
import DataTable from '../DataTable.jsx';
import { capitalised, formatDateTime, formatMoney } from '../format.js';
import { Nowrap, TwoLines, dayAndTime, orDash } from '../list/cells.jsx';
import StatusChip from '../list/StatusChip.jsx';

// A provider's id for a charge or refund (pi_…, re_…) is long and unbroken: let it wrap anywhere.
const reference = (text) => (
  <Box component="code" sx={{ fontSize: 12, overflowWrap: 'anywhere' }}>
    {orDash(text)}
  </Box>
);

const PAYMENT_COLUMNS = [
  {
    key: 'kind',
    label: 'Payment',
    render: (p) => (
      <TwoLines
        primary={<Nowrap>{`${capitalised(p.kind)} #${p.id}`}</Nowrap>}
        secondary={
          <Nowrap>
            {formatDateTime(p.updatedAt)}
            {p.refundRequestId ? ` · request #${p.refundRequestId}` : ''}
          </Nowrap>
        }
      />
    ),
  },
  { key: 'provider', label: 'Provider', render: (p) => capitalised(p.provider) },
  { key: 'reference', label: 'Reference', render: (p) => reference(p.reference) },
  {
    key: 'amount',
    label: 'Amount',
    align: 'right',
    render: (p) => <Nowrap>{`${p.kind === 'refund' ? '-' : ''}${formatMoney(p.amount)} ${p.currency}`}</Nowrap>,
  },
  { key: 'status', label: 'Status', render: (p) => <StatusChip status={p.status} /> },
  { key: 'message', label: 'Message', render: (p) => orDash(p.message) },
  { key: 'recordedBy', label: 'Recorded by', render: (p) => orDash(p.recordedBy) },
];

const TIMELINE_COLUMNS = [
  { key: 'at', label: 'When', render: (step) => dayAndTime(step.at) },
  { key: 'what', label: 'What', render: (step) => <Nowrap>{step.what}</Nowrap> },
  { key: 'outcome', label: 'Outcome' },
  { key: 'detail', label: 'Detail', render: (step) => orDash(step.detail) },
];

// Calls and events in one list, oldest first (ISO timestamps of one clock sort as text).
function timeline(order) {
  const calls = order.paymentCalls.map((call) => ({
    id: `call-${call.id}`,
    at: call.at,
    what: `${capitalised(call.provider)} ${call.action}${call.paymentId ? ` (payment #${call.paymentId})` : ''}`,
    outcome: call.outcome,
    detail: call.detail,
  }));
  const events = order.paymentEvents.map((event) => ({
    id: `event-${event.id}`,
    at: event.at,
    what: `Event ${event.type}`,
    outcome: event.outcome,
    detail: event.reference,
  }));
  return [...calls, ...events].sort((a, b) => String(a.at).localeCompare(String(b.at)));
}

export function PaymentsTable({ order }) {
  return <DataTable title="Payments" columns={PAYMENT_COLUMNS} rows={order.payments} empty="No payment recorded yet." />;
}

export function PaymentTimeline({ order }) {
  return (
    <DataTable
      title="Payment timeline"
      columns={TIMELINE_COLUMNS}
      rows={timeline(order)}
      empty="No calls to a payment provider and no events from one."
    />
  );
}
