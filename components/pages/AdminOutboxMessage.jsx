// /admin/outbox/{id} (the owner's): one mail as it was written: its headers, its HTML as a mail
// client shows it (in a sandboxed frame of /api/outbox/{id}/html, which serves it under a strict
// policy of its own), its plain-text twin and every attempt to deliver it. A failed or sent
// message may be sent again (same Message-ID) after the confirmation dialog.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import SendOutlined from '@mui/icons-material/SendOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import DataTable from '../admin/DataTable.jsx';
import { fetchRecord, sendJson } from '../admin/forms/api.js';
import { capitalised, formatDateTime } from '../admin/format.js';
import AskFirst from '../admin/list/AskFirst.jsx';
import { TwoLines, dayAndTime } from '../admin/list/cells.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import Link from '../common/Link.jsx';
import { notify } from '../common/toast.jsx';

const kindLabel = (kind) => capitalised(kind.replace(/_/g, ' '));
// What may be sent again: the rest will go without being asked.
const RESENDABLE = ['failed', 'sent'];
const MESSAGE_PAGE = /^\/admin\/outbox\/\d+\/?$/;

// Whether this document's policy lets it frame the mail: only a message page's own does (the
// server gives it `frame-src 'self'`). The client router keeps the policy of the page it started
// on, so a message reached from another page through it is loaded again as a document.
function documentMayFrame() {
  if (typeof window === 'undefined') return true;
  const started = window.performance?.getEntriesByType?.('navigation')?.[0]?.name;
  return !started || MESSAGE_PAGE.test(new URL(started).pathname);
}

function Fact({ label, children, mono }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '110px 1fr' }, columnGap: 1, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', fontFamily: mono ? 'monospace' : undefined }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function Titled({ id, title, children, action }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function Headers({ message }) {
  return (
    <Titled id="message-headers" title="Headers">
      <Box component="dl" sx={{ m: 0 }}>
        {Object.entries(message.headers).map(([name, value]) => (
          <Fact key={name} label={name} mono={name === 'Message-ID'}>
            {value}
          </Fact>
        ))}
        <Fact label="Kind">{kindLabel(message.kind)}</Fact>
        <Fact label="Order">
          {message.orderNo ? (
            <Link href={`/admin/orders/${message.orderNo}`} sx={{ fontWeight: 600 }}>
              #{message.orderNo}
            </Link>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Sent">{formatDateTime(message.sentAt)}</Fact>
      </Box>
    </Titled>
  );
}

function AsMailClientShowsIt({ message }) {
  const [framable] = useState(documentMayFrame);
  useEffect(() => {
    if (!framable) window.location.reload();
  }, [framable]);
  return (
    <Titled
      id="message-html"
      title="As a mail client shows it"
      action={
        <Button size="small" component="a" href={message.htmlUrl} target="_blank" rel="noopener" endIcon={<OpenInNew fontSize="small" />}>
          Open in a new tab
        </Button>
      }
    >
      {/* 600 px for the mail itself, as a mail client gives it, inside the 1 px border. */}
      <Box sx={{ width: '100%', maxWidth: 602, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#fff' }}>
        {framable && (
          <Box
            component="iframe"
            sandbox=""
            src={message.htmlUrl}
            title="Message as a mail client shows it"
            sx={{ display: 'block', width: '100%', height: { xs: 480, sm: 560 }, border: 0 }}
          />
        )}
      </Box>
    </Titled>
  );
}

function PlainText({ text }) {
  return (
    <Titled id="message-text" title="Plain text">
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'grey.50',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Box>
    </Titled>
  );
}

// Who tried sits under when, and the mail server's answer under the outcome: two columns, which a
// phone shows without scrolling sideways.
const ATTEMPT_COLUMNS = [
  {
    key: 'at',
    label: 'When',
    render: (attempt) => <TwoLines primary={dayAndTime(attempt.at)} secondary={attempt.sender ? `by ${attempt.sender}` : ''} />,
  },
  {
    key: 'outcome',
    label: 'Outcome',
    render: (attempt) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 140 }}>
        <StatusChip status={attempt.outcome} />
        {attempt.detail && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {attempt.detail}
          </Typography>
        )}
      </Stack>
    ),
  },
];

function MessageView({ initial }) {
  const [message, setMessage] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const to = message.recipientName ? `${message.recipientName} (${message.recipient})` : message.recipient;

  const sendAgain = async () => {
    setSending(true);
    const answer = await sendJson('POST', `/api/outbox/${message.id}/send-again`);
    setSending(false);
    setAsking(false);
    if (answer.ok) {
      const { state, lastError, sentAt } = answer.data;
      setMessage((shown) => ({ ...shown, state, lastError, sentAt }));
      notify.success(`The message to ${message.recipient} is queued to be sent again`);
    } else {
      // Refused (queued meanwhile, say): say why, and show the message as the server has it.
      notify.error(answer.data.message);
      const now = await fetchRecord(`/api/outbox/${message.id}`);
      if (now.ok) setMessage(now.data);
    }
  };

  return (
    <>
      <Link href="/admin/outbox" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, color: 'text.secondary' }}>
        <ArrowBack fontSize="small" /> Outbox
      </Link>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>
          {message.subject}
        </Typography>
        <StatusChip status={message.state} />
        <Box sx={{ flexGrow: 1 }} />
        {RESENDABLE.includes(message.state) && (
          <Button variant="contained" startIcon={<SendOutlined />} disabled={sending} onClick={() => setAsking(true)}>
            {sending ? 'Sending…' : 'Send again'}
          </Button>
        )}
      </Stack>
      {message.lastError && (
        <Alert severity={message.state === 'failed' ? 'error' : 'info'} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {message.lastError}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Headers message={message} />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <DataTable
            title="Delivery attempts"
            columns={ATTEMPT_COLUMNS}
            rows={message.attempts.map((attempt, n) => ({ ...attempt, id: n }))}
            empty="No attempt yet."
          />
        </Grid>
      </Grid>
      {/* The mail beside its plain-text twin where there is room for both, one above the other where not. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'stretch' }}>
        <Box sx={{ flex: '1 1 634px', minWidth: 0 }}>
          <AsMailClientShowsIt message={message} />
        </Box>
        <Box sx={{ flex: '1 1 300px', minWidth: 0 }}>
          <PlainText text={message.text} />
        </Box>
      </Box>
      <AskFirst
        open={asking}
        message={`“${message.subject}” goes to ${to} again, with the same Message-ID, so their mail program can tell it is a repeat.`}
        acknowledgement={`Send it to ${message.recipient} again`}
        okText="Send again"
        okColor="primary"
        onOk={sendAgain}
        onClose={() => setAsking(false)}
      >
        {sending && <LinearProgress aria-label="Sending" sx={{ mb: 2 }} />}
      </AskFirst>
    </>
  );
}

// Without props (the server asked to sign in first) the shell shows the sign-in form instead.
export default function AdminOutboxMessage({ session, message }) {
  return (
    <AdminLayout active="/admin/outbox" title="Message" session={session}>
      {message && <MessageView key={message.id} initial={message} />}
    </AdminLayout>
  );
}
