// The back office's sign-in form: used by /login and, in place, by any back-office page whose
// session has ended. It posts the way the authentication helper does (a urlencoded form with a
// fresh CSRF token and json=true) and goes to the URL the server answers. An account with
// two-factor sign-in gets a second step: the server answers the password with a challenge, and the
// form asks for the authenticator's code (or a recovery code) to exchange it for the session.
// Without JavaScript both steps still work as plain forms: the server then answers with redirects,
// keeps the challenge in a cookie and sends /login?step=code for the second step.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { notify } from '../common/toast.jsx';
import { csrfToken } from '../state/session.jsx';

// What the server's error codes mean to the person signing in (for redirects without JavaScript).
export const SIGN_IN_MESSAGES = {
  CredentialsSignin: 'Email or password is incorrect',
  TooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  SessionTimedOut: 'Your session has timed out. Please sign in again.',
  CodeSignin:
    'This code is not right, or it was used already. Enter the code your authenticator app shows now, or one of your recovery codes.',
  ChallengeExpired: 'This sign-in took too long. Please enter your email and password again.',
  AccountDisabled: "This account has been disabled. Ask the shop's owner to enable it again.",
  SellerSuspended: 'Your seller account is suspended: your offers are hidden and you cannot sign in. Contact the shop.',
};

const UNREACHABLE = 'The store could not be reached. Check your connection and try again.';

// A form post the way the helper makes it, answered as JSON (also by the invite page).
export async function postForm(url, fields) {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: 'true' });
  const response = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
  return response.json().catch(() => ({}));
}

export function PasswordField({
  id = 'sign-in-password',
  name = 'password',
  label = 'Password',
  autoComplete = 'current-password',
  slotProps,
  ...props
}) {
  const [shown, setShown] = useState(false);
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        onClick={() => setShown(!shown)}
        edge="end"
      >
        {shown ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      fullWidth
      {...props}
      slotProps={{ ...slotProps, input: { endAdornment: toggle } }}
    />
  );
}

function CodeFields({ callbackUrl }) {
  return (
    <>
      <Typography color="text.secondary">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Typography>
      <TextField
        id="sign-in-code"
        name="code"
        label="Authentication code"
        autoComplete="one-time-code"
        required
        fullWidth
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the step after the password: the code is typed next
        autoFocus
        slotProps={{ htmlInput: { maxLength: 64, autoCapitalize: 'none', spellCheck: 'false' } }}
      />
      <Typography variant="body2">
        <a href={`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Start again with your email and password</a>
      </Typography>
    </>
  );
}

export default function SignInForm({ callbackUrl = '/admin', csrfToken: formToken = '', error, notice, step: firstStep }) {
  const [message, setMessage] = useState(SIGN_IN_MESSAGES[error] || '');
  const [busy, setBusy] = useState(false);
  // The code step: from the server (a form posted without JavaScript) or from the password step's answer.
  const [step, setStep] = useState(firstStep === 'code' ? 'code' : 'password');
  const [challenge, setChallenge] = useState('');
  const code = step === 'code';

  const failed = (text) => {
    setMessage(text);
    notify.error(text);
    setBusy(false);
  };

  const submit = async (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    let data;
    try {
      data = code
        ? await postForm('/api/auth/callback/two-factor', { challenge, code: form.get('code') || '', callbackUrl })
        : await postForm('/api/auth/callback/credentials', {
            email: form.get('email') || '',
            password: form.get('password') || '',
            callbackUrl,
          });
    } catch {
      failed(UNREACHABLE);
      return;
    }
    if (data.url) {
      window.location.assign(data.url);
      return;
    }
    if (data.secondFactor) {
      setChallenge(data.challenge);
      setStep('code');
      setBusy(false);
      return;
    }
    // A challenge that ran out: back to the password.
    if (data.error === 'ChallengeExpired') setStep('password');
    failed(data.message || 'Sign-in failed. Please try again.');
  };

  return (
    <Stack
      component="form"
      key={step}
      method="post"
      action={code ? '/api/auth/callback/two-factor' : '/api/auth/callback/credentials'}
      onSubmit={submit}
      spacing={2.5}
      aria-label={code ? 'Second step of signing in' : 'Sign in'}
    >
      <input type="hidden" name="csrfToken" value={formToken} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {notice && !message && <Alert severity="info">{notice}</Alert>}
      {message && (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      )}
      {code ? (
        <CodeFields callbackUrl={callbackUrl} />
      ) : (
        <>
          <TextField id="sign-in-email" name="email" label="Email" type="email" autoComplete="username" required fullWidth />
          <PasswordField />
        </>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? (code ? 'Checking…' : 'Signing in…') : code ? 'Verify' : 'Sign in'}
      </Button>
    </Stack>
  );
}
