// /account/reset: a shopper who forgot their password asks for a link (POST /api/me/password-reset,
// answered alike whether or not the email has an account); the mailed link, /account/reset?token=…,
// sets the new password (POST /api/me/password-reset/confirm), which signs every other browser out
// and this one in.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AccountCard from '../account/AccountCard.jsx';
import { linkToken, sendJson } from '../account/api.js';
import { PasswordField } from '../admin/SignInForm.jsx';
import Link from '../common/Link.jsx';
import { notify } from '../common/toast.jsx';

const PASSWORD_HINT = 'At least 10 characters: a few unusual words are easy to remember and hard to guess.';

function AskForLink() {
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email') || '';
    setBusy(true);
    setError('');
    const { ok, data } = await sendJson('POST', '/api/me/password-reset', { email });
    setBusy(false);
    if (ok) {
      setSent(data.message);
      notify.success('Check your inbox');
      return;
    }
    const text = data.errors?.email || data.message || 'The link could not be sent. Please try again.';
    setError(text);
    notify.error(text);
  };

  return (
    <AccountCard
      title="Reset your password"
      intro="Enter the email of your account: we will mail you a link to choose a new password."
      after={
        <span>
          Remembered it?{' '}
          <Link href="/account/sign-in" underline="always">
            Sign in
          </Link>
        </span>
      }
    >
      <Stack component="form" method="post" onSubmit={submit} spacing={2.5} aria-label="Reset your password">
        {sent && (
          <Alert severity="success" role="status">
            {sent}
          </Alert>
        )}
        <TextField
          id="reset-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Sending…' : sent ? 'Send the link again' : 'Send me a link'}
        </Button>
      </Stack>
    </AccountCard>
  );
}

function ChoosePassword() {
  const [errors, setErrors] = useState({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = form.get('password') || '';
    if (password !== form.get('confirm')) {
      setErrors({ confirm: 'The two passwords differ: type the same password twice.' });
      return;
    }
    setBusy(true);
    setErrors({});
    setProblem('');
    const { ok, status, data } = await sendJson('POST', '/api/me/password-reset/confirm', { token: linkToken(), password });
    if (ok) {
      window.location.assign('/account');
      return;
    }
    setBusy(false);
    if (status === 422 && data.errors?.password) setErrors(data.errors);
    else setProblem(data.errors?.token ? 'This link is incomplete: open the link from the mail again.' : data.message);
    notify.error(data.errors?.password || data.message || 'The password could not be set.');
  };

  return (
    <AccountCard
      title="Choose a new password"
      intro="Every browser signed in to your account is signed out; this one is signed in with the new password."
    >
      <Stack component="form" method="post" onSubmit={submit} spacing={2.5} aria-label="Choose a new password">
        {problem && (
          <Alert severity="error" role="alert">
            {problem}{' '}
            <Link href="/account/reset" underline="always">
              Ask for a new link
            </Link>
          </Alert>
        )}
        <PasswordField
          id="reset-password"
          label="New password"
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={errors.password || PASSWORD_HINT}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <PasswordField
          id="reset-confirm"
          name="confirm"
          label="Type it again"
          autoComplete="new-password"
          error={Boolean(errors.confirm)}
          helperText={errors.confirm}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Saving…' : 'Save and sign in'}
        </Button>
      </Stack>
    </AccountCard>
  );
}

export default function AccountReset({ step }) {
  return step === 'choose' ? <ChoosePassword /> : <AskForLink />;
}
