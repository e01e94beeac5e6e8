// /admin/outbox (the owner's): every mail the shop wrote, newest first, searched (a recipient, or
// an order number), filtered (kind, state), sorted and paged on the server, its state in the URL.
// Each message opens its own page, where its HTML is shown as a mail client shows it.
import Alert from '@mui/material/Alert';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminLayout from '../admin/AdminLayout.jsx';
import { capitalised } from '../admin/format.js';
import { TwoLines, dayAndTime } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import Link from '../common/Link.jsx';

const kindLabel = (kind) => capitalised(kind.replace(/_/g, ' '));
// At most two lines of a long error (the whole of it in the tooltip and on the message's page).
const CLAMPED = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' };

// The last error goes under the state, and the kind and order under the subject, so that a
// laptop's screen shows every column without scrolling sideways.
const COLUMNS = [
  { key: 'createdAt', label: 'Written', sortable: true, render: (row) => dayAndTime(row.createdAt) },
  {
    key: 'recipient',
    label: 'Recipient',
    sortable: true,
    render: (row) => (row.recipientName ? <TwoLines primary={row.recipientName} secondary={row.recipient} /> : row.recipient),
  },
  {
    key: 'subject',
    label: 'Message',
    render: (row) => (
      <Stack sx={{ minWidth: 200, maxWidth: 320 }}>
        {/* A plain link, not the client router's: the message's page frames the mail, which only
            its own document's policy allows (app/http/security.py), so it is loaded as a document. */}
        <MuiLink href={`/admin/outbox/${row.id}`} underline="hover" sx={{ fontWeight: 600 }}>
          {row.subject}
        </MuiLink>
        <Typography variant="caption" color="text.secondary">
          {kindLabel(row.kind)}
          {row.orderNo && (
            <>
              {' · '}
              <Link href={`/admin/orders/${row.orderNo}`}>order #{row.orderNo}</Link>
            </>
          )}
        </Typography>
      </Stack>
    ),
  },
  {
    key: 'state',
    label: 'State',
    sortable: true,
    render: (row) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 160, maxWidth: 260 }}>
        <StatusChip status={row.state} />
        {row.lastError && (
          <Typography variant="caption" color="text.secondary" title={row.lastError} sx={CLAMPED}>
            {row.lastError}
          </Typography>
        )}
      </Stack>
    ),
  },
  { key: 'attempts', label: 'Attempts', sortable: true, align: 'right' },
];

export default function AdminOutbox({ session, list: initial, kinds = [], states = [], delivering = true }) {
  const list = useAdminList('/api/outbox', initial);
  return (
    <AdminLayout active="/admin/outbox" title="Outbox" session={session}>
      {!delivering && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No mail server is configured (SMTP_URL), so mail waits here and is not sent.
        </Alert>
      )}
      <ListView
        title="Outbox"
        list={list}
        columns={COLUMNS}
        filters={[
          { name: 'kind', label: 'Kind', options: kinds.map((kind) => ({ value: kind, label: kindLabel(kind) })) },
          { name: 'state', label: 'State', options: states.map((state) => ({ value: state, label: capitalised(state) })) },
        ]}
        searchLabel="Search by recipient or order number"
        emptyText="No mail has been written yet."
      />
    </AdminLayout>
  );
}
