// The signed-in account's own page, whatever its role: who it is, and its two-factor sign-in. Setting
// it up: scan the QR code the server drew (or type the secret shown beside it), confirm one code, and
// keep the ten recovery codes shown that once. Turning it off takes a current code. When the shop
// requires two-factor sign-in, an account without it can reach only this page until it is set up.
// The back office's /admin/account and the seller portal's /seller/account each put it in their
// shell, with their own API (`endpoint`: /api/admin/account, /api/seller/account), `home` (where the
// recovery codes' button goes) and `area` (what the account may use once enrolled).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { notify } from '../common/toast.jsx';
import { useSession } from '../state/session.jsx';
import CopyField from './CopyField.jsx';
import { capitalised } from './format.js';
import { fetchRecord, sendJson } from './forms/api.js';
import Section from './Section.jsx';

// A code (authenticator or recovery) and one button; `onCode` answers the server's refusal or null.
function CodeForm({ label, action, onCode }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const refusal = await onCode(new FormData(form).get('code').trim());
    setBusy(false);
    setError(refusal || '');
    if (!refusal) form.reset();
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        name="code"
        label={label}
        required
        autoComplete="one-time-code"
        error={!!error}
        helperText={error || ' '}
        slotProps={{ htmlInput: { maxLength: 64, autoCapitalize: 'none', spellCheck: 'false' } }}
        sx={{ minWidth: 220 }}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { sm: 1 } }}>
        {action}
      </Button>
    </Stack>
  );
}

function refusalOf(answer) {
  return answer.data?.errors?.code || answer.data?.message;
}

function Enrolment({ endpoint, enrolment, onConfirmed }) {
  const confirm = async (code) => {
    const answer = await sendJson('POST', `${endpoint}/two-factor/confirm`, { code });
    if (!answer.ok) return refusalOf(answer);
    onConfirmed(answer.data.recoveryCodes);
    return null;
  };
  return (
    <Stack spacing={2}>
      <Typography>
        1. Scan this QR code with your authenticator app (Google Authenticator, Authy, 1Password, ...), or type the secret into it by hand.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          role="img"
          aria-label="QR code to scan with your authenticator app"
          sx={{ width: 200, height: 200, flexShrink: 0, '& svg': { width: '100%', height: '100%' } }}
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <CopyField label="Secret" value={enrolment.secret} testId="two-factor-secret" multiline />
        </Box>
      </Stack>
      <Typography>2. Enter the 6-digit code the app shows to confirm.</Typography>
      <CodeForm label="Code from the app" action="Confirm" onCode={confirm} />
    </Stack>
  );
}

function RecoveryCodes({ codes, home }) {
  return (
    <Stack spacing={2}>
      <Alert severity="success">Two-factor sign-in is on.</Alert>
      <Typography>
        Keep these recovery codes somewhere safe: each signs you in once if you lose your authenticator. They are shown only now.
      </Typography>
      <Box component="ol" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', columns: { sm: 2 }, m: 0, pl: 3 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <CopyField label="Recovery codes" value={codes.join('\n')} multiline rows={2} />
      <Box>
        <Button variant="outlined" component={RouterAnchor} href={home}>
          Go to the dashboard
        </Button>
      </Box>
    </Stack>
  );
}

function TwoFactor({ endpoint, home, account, onChanged }) {
  const [enrolment, setEnrolment] = useState(null);
  const [codes, setCodes] = useState(null);
  const { refresh } = useSession();

  const start = async () => {
    const answer = await sendJson('POST', `${endpoint}/two-factor`);
    if (answer.ok) setEnrolment(answer.data);
    else notify.error(answer.data.message);
  };
  const confirmed = (recoveryCodes) => {
    setCodes(recoveryCodes);
    setEnrolment(null);
    notify.success('Two-factor sign-in is on');
    onChanged();
    refresh().catch(() => {});
  };
  const turnOff = async (code) => {
    const answer = await sendJson('POST', `${endpoint}/two-factor/disable`, { code });
    if (!answer.ok) return refusalOf(answer);
    notify.success('Two-factor sign-in is off');
    onChanged(answer.data);
    return null;
  };

  if (codes) return <RecoveryCodes codes={codes} home={home} />;
  if (enrolment) return <Enrolment endpoint={endpoint} enrolment={enrolment} onConfirmed={confirmed} />;
  if (!account.twoFactor) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Two-factor sign-in is off. With it on, signing in takes your password and a code from an authenticator app on your phone.
        </Typography>
        <Button variant="contained" onClick={start}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="success">Two-factor sign-in is on. {account.recoveryCodesLeft} of 10 recovery codes left.</Alert>
      {account.twoFactorRequired ? (
        <Typography color="text.secondary">The shop requires two-factor sign-in for every account, so it stays on.</Typography>
      ) : (
        <>
          <Typography>To turn it off, enter a current code from your app (or a recovery code).</Typography>
          <CodeForm label="Code" action="Turn off" onCode={turnOff} />
        </>
      )}
    </Stack>
  );
}

export default function YourAccount({ session, account: initial, endpoint, home, area }) {
  const [account, setAccount] = useState(initial);
  const live = useSession();
  const mustEnrol = (live.data?.user ? live.data : session)?.enrolmentRequired && !account.twoFactor;
  const reload = async (record) => {
    if (record) return setAccount(record);
    const answer = await fetchRecord(endpoint);
    if (answer.ok) setAccount(answer.data);
    return undefined;
  };

  return (
    <Stack spacing={3}>
      {mustEnrol && (
        <Alert severity="warning" role="alert" sx={{ maxWidth: 720 }}>
          The shop requires two-factor sign-in for every account. Set it up below to use {area}.
        </Alert>
      )}
      <Section title="Your account" maxWidth={720}>
        <Typography sx={{ fontWeight: 600 }}>{account.name}</Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {account.email}
        </Typography>
        <Typography color="text.secondary">Role: {capitalised(account.role)}</Typography>
      </Section>
      <Section title="Two-factor sign-in" maxWidth={720}>
        <TwoFactor endpoint={endpoint} home={home} account={account} onChanged={reload} />
      </Section>
    </Stack>
  );
}
