// /account/sign-in: a shopper signs in with email and password (POST /api/auth/callback/credentials
// with the CSRF token of /api/auth/csrf, as the back office's /login does), then goes on to `next`
// (a same-site path the server vetted; /account by default). A back-office account goes to /admin.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AccountCard from '../account/AccountCard.jsx';
import { safeNext, UNREACHABLE } from '../account/api.js';
import { PasswordField } from '../admin/SignInForm.jsx';
import Link from '../common/Link.jsx';
import { notify } from '../common/toast.jsx';
import { csrfToken } from '../state/session.jsx';
import { useMe } from '../state/me.js';

async function signIn(fields) {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: 'true' });
  const response = await fetch('/api/auth/callback/credentials', { method: 'POST', body, credentials: 'same-origin' });
  return response.json().catch(() => ({}));
}

async function isBackOffice() {
  const response = await fetch('/api/auth/session', { credentials: 'same-origin' });
  const role = (await response.json().catch(() => ({})))?.user?.role;
  return role === 'owner' || role === 'staff';
}

export default function AccountSignIn({ next: given }) {
  const next = safeNext(given);
  const me = useMe();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    let data;
    try {
      data = await signIn({ email: form.get('email') || '', password: form.get('password') || '', callbackUrl: next });
    } catch {
      data = { message: UNREACHABLE };
    }
    if (data.url) {
      window.location.assign((await isBackOffice().catch(() => false)) ? '/admin' : data.url);
      return;
    }
    const text = data.message || 'Sign-in failed. Please try again.';
    setMessage(text);
    notify.error(text);
    setBusy(false);
  };

  const withNext = next === '/account' ? '' : `?next=${encodeURIComponent(next)}`;
  return (
    <AccountCard
      title="Sign in"
      intro="Sign in to follow your orders, keep your addresses and your wishlist."
      after={
        <>
          <span>
            New here?{' '}
            <Link href={`/account/sign-up${withNext}`} underline="always">
              Create an account
            </Link>
          </span>
          <span>
            <Link href="/account/reset" underline="always">
              Forgot your password?
            </Link>
          </span>
        </>
      }
    >
      {me && (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          You are signed in as {me.email}.{' '}
          <Link href="/account" underline="always">
            Go to your account
          </Link>
        </Alert>
      )}
      <Stack component="form" method="post" action="/api/auth/callback/credentials" onSubmit={submit} spacing={2.5} aria-label="Sign in">
        {message && (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        )}
        <TextField id="account-email" name="email" label="Email" type="email" autoComplete="username" required fullWidth />
        <PasswordField id="account-password" />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Stack>
    </AccountCard>
  );
}
