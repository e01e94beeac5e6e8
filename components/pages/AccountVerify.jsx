// /account/verify?token=… (the link mailed at sign-up) and /account/verify-email-change?token=…
// (the link mailed to a new address): one button confirms the email (POST /api/me/verify or
// /api/me/email/confirm), then the page says so. A button rather than on load: a mail scanner that
// opens the link does not use it up.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AccountCard from '../account/AccountCard.jsx';
import { linkToken, sendJson } from '../account/api.js';
import Link from '../common/Link.jsx';
import { notify } from '../common/toast.jsx';
import { meChanged } from '../state/me.js';

const MISSING = 'This link is incomplete: open the link from the mail again, or copy all of it.';

export default function AccountVerify({ purpose }) {
  const change = purpose === 'email_change';
  const [state, setState] = useState({ busy: false, done: null, message: '' });

  const confirm = async () => {
    const token = linkToken();
    if (!token) {
      setState({ busy: false, done: null, message: MISSING });
      return;
    }
    setState({ busy: true, done: null, message: '' });
    const { ok, data } = await sendJson('POST', change ? '/api/me/email/confirm' : '/api/me/verify', { token });
    if (ok) {
      // The header shows the account as it is now (when this browser is signed in to it).
      fetch('/api/me', { credentials: 'same-origin' })
        .then((response) => response.json())
        .then(meChanged, () => {});
      notify.success(change ? 'Your new email is confirmed' : 'Your email is confirmed');
      setState({ busy: false, done: data, message: '' });
      return;
    }
    const text = data.errors?.token ? MISSING : data.message || 'This link could not be used.';
    notify.error(text);
    setState({ busy: false, done: null, message: text });
  };

  if (state.done) {
    return (
      <AccountCard title={change ? 'Your new email is confirmed' : 'Your email is confirmed'}>
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {change
              ? `From now on you sign in with ${state.done.email}.`
              : `Thank you: ${state.done.email} is confirmed, and the orders placed with it are in your account.`}
          </Alert>
          <Button component={Link} href="/account" variant="contained" size="large" fullWidth underline="none" color="primary">
            Go to your account
          </Button>
        </Stack>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title={change ? 'Confirm your new email' : 'Confirm your email'}
      intro={
        change
          ? 'Confirm that this address is yours: your account uses it from then on.'
          : 'Confirm that this address is yours: the orders placed with it join your account.'
      }
      after={
        <span>
          Link expired? {change ? 'Change your email again' : 'Ask for a new one'} from{' '}
          <Link href="/account" underline="always">
            your account
          </Link>
        </span>
      }
    >
      <Stack spacing={2.5}>
        {state.message && (
          <Alert severity="error" role="alert">
            {state.message}
          </Alert>
        )}
        <Button type="button" variant="contained" size="large" fullWidth onClick={confirm} disabled={state.busy}>
          {state.busy ? 'Confirming…' : change ? 'Confirm my new email' : 'Confirm my email'}
        </Button>
      </Stack>
    </AccountCard>
  );
}
