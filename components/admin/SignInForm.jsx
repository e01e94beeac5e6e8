// The administrator's sign-in form: used by /login and, in place, by any back-office page whose
// session has ended. It posts the credentials the way the authentication helper does (a urlencoded
// form with a fresh CSRF token and json=true) and goes to the URL the server answers.
// Without JavaScript it still works as a plain form: the server then answers with redirects.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { notify } from '../common/toast.jsx';
import { csrfToken } from '../state/session.jsx';

// What the server's error codes mean to the person signing in (for redirects without JavaScript).
export const SIGN_IN_MESSAGES = {
  CredentialsSignin: 'Email or password is incorrect',
  TooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  SessionTimedOut: 'Your session has timed out. Please sign in again.',
};

async function postCredentials(form, callbackUrl) {
  const body = new URLSearchParams({
    csrfToken: await csrfToken(),
    email: form.get('email') || '',
    password: form.get('password') || '',
    callbackUrl,
    json: 'true',
  });
  const response = await fetch('/api/auth/callback/credentials', { method: 'POST', body, credentials: 'same-origin' });
  const data = await response.json().catch(() => ({}));
  return { ok: response.ok && !!data.url, url: data.url, message: data.message };
}

function PasswordField() {
  const [shown, setShown] = useState(false);
  const toggle = (
    <InputAdornment position="end">
      <IconButton aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown(!shown)} edge="end">
        {shown ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <TextField
      id="sign-in-password"
      name="password"
      label="Password"
      type={shown ? 'text' : 'password'}
      autoComplete="current-password"
      required
      fullWidth
      slotProps={{ input: { endAdornment: toggle } }}
    />
  );
}

export default function SignInForm({ callbackUrl = '/admin', csrfToken: formToken = '', error, notice }) {
  const [message, setMessage] = useState(SIGN_IN_MESSAGES[error] || '');
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    let result;
    try {
      result = await postCredentials(new FormData(event.currentTarget), callbackUrl);
    } catch {
      result = { ok: false, message: 'The store could not be reached. Check your connection and try again.' };
    }
    if (result.ok) {
      window.location.assign(result.url);
      return;
    }
    const text = result.message || 'Sign-in failed. Please try again.';
    setMessage(text);
    notify.error(text);
    setBusy(false);
  };

  return (
    <Stack component="form" method="post" action="/api/auth/callback/credentials" onSubmit={submit} spacing={2.5}>
      <input type="hidden" name="csrfToken" value={formToken} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {notice && !message && <Alert severity="info">{notice}</Alert>}
      {message && <Alert severity="error" role="alert">{message}</Alert>}
      <TextField id="sign-in-email" name="email" label="Email" type="email" autoComplete="username" required fullWidth />
      <PasswordField />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </Stack>
  );
}
