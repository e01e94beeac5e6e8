// /account/sign-up: a new shopper's account (POST /api/me). The server checks the password (at
// least 10 characters, not the email, not easy to guess) and says why next to the field; a signed-up
// shopper is signed in at once and mailed the link that verifies the email.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AccountCard from '../account/AccountCard.jsx';
import { safeNext, sendJson } from '../account/api.js';
import { PasswordField } from '../admin/SignInForm.jsx';
import Link from '../common/Link.jsx';
import { useRouter } from '../common/router.jsx';
import { notify } from '../common/toast.jsx';
import { meChanged } from '../state/me.js';

const PASSWORD_HINT = 'At least 10 characters: a few unusual words are easy to remember and hard to guess.';

export default function AccountSignUp({ next: given }) {
  const next = safeNext(given);
  const { navigate } = useRouter();
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    setErrors({});
    const { ok, status, data } = await sendJson('POST', '/api/me', {
      name: form.get('name') || '',
      email: form.get('email') || '',
      password: form.get('password') || '',
    });
    if (ok) {
      // On in this page's browser session: the header greets the new shopper, the toast stays.
      meChanged(data);
      notify.success(`Welcome, ${data.name}! We sent a link to ${data.email} to confirm it.`);
      navigate(next);
      return;
    }
    if (status === 409) setErrors({ email: data.message });
    else setErrors(data.errors || {});
    const text = status === 422 ? 'Please correct the highlighted fields' : data.message || 'Your account could not be created.';
    setMessage(status === 409 ? '' : text);
    notify.error(status === 409 ? data.message : text);
    setBusy(false);
  };

  const withNext = next === '/account' ? '' : `?next=${encodeURIComponent(next)}`;
  return (
    <AccountCard
      title="Create your account"
      intro="Follow your orders, save your addresses and keep a wishlist."
      after={
        <span>
          Have an account already?{' '}
          <Link href={`/account/sign-in${withNext}`} underline="always">
            Sign in
          </Link>
        </span>
      }
    >
      <Stack component="form" method="post" onSubmit={submit} spacing={2.5} aria-label="Create your account">
        {message && (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        )}
        <TextField
          id="sign-up-name"
          name="name"
          label="Your name"
          autoComplete="name"
          required
          fullWidth
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { minLength: 2, maxLength: 120 } }}
        />
        <TextField
          id="sign-up-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <PasswordField
          id="sign-up-password"
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={errors.password || PASSWORD_HINT}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
      </Stack>
    </AccountCard>
  );
}
