// /staff/invite/{token}: an invited member of staff chooses their password, then is signed in.
// Works without JavaScript as a plain form (the server redirects back here with ?error=password).
// A link that is unknown, used or expired shows why, and the way on.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AuthCard from '../admin/AuthCard.jsx';
import { PasswordField, postForm } from '../admin/SignInForm.jsx';
import Link from '../common/Link.jsx';

const MIN_PASSWORD = 10;
const PASSWORD_RULE = `Choose a password of at least ${MIN_PASSWORD} characters, and type it twice.`;

export function Problem({ message }) {
  return (
    <AuthCard subtitle="Invite link">
      <Stack spacing={2}>
        <Alert severity="warning" role="alert">
          {message}
        </Alert>
        {/* As written: Prettier's reflow would split or merge these text nodes, changing the <!-- --> of the server markup. */}
        {/* prettier-ignore */}
        <Typography variant="body2">
          Have a password already? <Link href="/login" underline="always">Sign in</Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}

const toStaffAccount = (token, fields) => postForm(`/api/staff/invite/${encodeURIComponent(token)}`, fields);

// `send(token, { password, confirm })` sets the password and answers the server's JSON ({url} once
// signed in); `action` is where the form posts without JavaScript (none: it needs JavaScript).
export function PasswordForm({
  token,
  csrfToken,
  email,
  name,
  error,
  send = toStaffAccount,
  action = `/api/staff/invite/${encodeURIComponent(token)}`,
}) {
  const [message, setMessage] = useState(error === 'password' ? PASSWORD_RULE : '');
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = form.get('password') || '';
    if (password.length < MIN_PASSWORD || password !== form.get('confirm')) {
      setMessage(password.length < MIN_PASSWORD ? PASSWORD_RULE : 'The two passwords differ; type the same password twice.');
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      const data = await send(token, { password, confirm: form.get('confirm') });
      if (data.url) {
        window.location.assign(data.url);
        return;
      }
      setMessage(data.errors?.password || data.errors?.body || data.message || 'The password could not be set. Please try again.');
    } catch {
      setMessage('The store could not be reached. Check your connection and try again.');
    }
    setBusy(false);
  };

  return (
    <AuthCard subtitle="Set your password">
      <Stack component="form" method="post" action={action} onSubmit={submit} spacing={2.5}>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <Typography>
          Welcome, {name}. Choose the password you will sign in with as <strong>{email}</strong>.
        </Typography>
        {message && (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        )}
        <PasswordField
          id="invite-password"
          label="New password"
          autoComplete="new-password"
          slotProps={{ htmlInput: { minLength: MIN_PASSWORD, maxLength: 256 } }}
          helperText={`At least ${MIN_PASSWORD} characters`}
        />
        <PasswordField
          id="invite-confirm"
          name="confirm"
          label="Type it again"
          autoComplete="new-password"
          slotProps={{ htmlInput: { minLength: MIN_PASSWORD, maxLength: 256 } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Setting your password…' : 'Set password and sign in'}
        </Button>
      </Stack>
    </AuthCard>
  );
}

export default function StaffInvite(props) {
  return props.problem ? <Problem message={props.message} /> : <PasswordForm {...props} />;
}
