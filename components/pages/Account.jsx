// /account: the signed-in shopper's account: who they are, whether their email is verified (with
// "Send the link again"), and the forms that change the name, the email (a link mailed to the new
// address confirms it), the password; signing out here or everywhere, and deleting the account
// (behind a dialog that asks for the password again).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AccountLayout from '../account/AccountLayout.jsx';
import { sendJson } from '../account/api.js';
import { PasswordField } from '../admin/SignInForm.jsx';
import { sharedStyled } from '../common/sharedStyles.js';
import { notify } from '../common/toast.jsx';
import { meChanged } from '../state/me.js';
import { signOut } from '../state/session.jsx';

const Card = sharedStyled('section', (theme) => ({
  padding: theme.spacing(2.5),
  borderRadius: 8,
  background: theme.palette.background.paper,
  border: `1px solid ${theme.palette.grey[200]}`,
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
  '& h2': { margin: theme.spacing(0, 0, 2), fontSize: 18, fontWeight: 700 },
  '& dl': { margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: theme.spacing(1, 3) },
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' },
  '& p': { margin: theme.spacing(0, 0, 2), color: theme.palette.text.secondary },
  '& form': { maxWidth: 480 },
  '& .actions': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) },
}));

const PASSWORD_HINT = 'At least 10 characters: a few unusual words are easy to remember and hard to guess.';
const REFUSED = 'Please correct the highlighted fields';

// One form's state: busy while it sends, the server's per-field errors, a message above it.
function useForm() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState({});
  const send = async (method, url, body) => {
    setBusy(true);
    setErrors({});
    const answer = await sendJson(method, url, body);
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.data.errors || {});
      notify.error(answer.status === 422 && answer.data.errors ? REFUSED : answer.data.message || 'That did not work. Please try again.');
    }
    return answer;
  };
  return { busy, errors, send, setErrors };
}

function field(errors, name) {
  return { error: Boolean(errors[name]), helperText: errors[name] };
}

function Unverified({ email }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    const { ok, data } = await sendJson('POST', '/api/me/verify/resend');
    setBusy(false);
    setNote(data.message || '');
    (ok ? notify.success : notify.error)(data.message || 'The link could not be sent.');
  };
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={resend} disabled={busy}>
          {busy ? 'Sending…' : 'Send the link again'}
        </Button>
      }
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      Your email {email} is not confirmed yet: open the link we mailed you.
      {note && (
        <span role="status" style={{ display: 'block', marginTop: 4 }}>
          {note}
        </span>
      )}
    </Alert>
  );
}

function NameForm({ me, onChange }) {
  const { busy, errors, send } = useForm();
  const submit = async (event) => {
    event.preventDefault();
    const { ok, data } = await send('PATCH', '/api/me', { name: new FormData(event.currentTarget).get('name') || '' });
    if (ok) {
      onChange(data);
      notify.success('Your name is saved');
    }
  };
  return (
    <Card aria-labelledby="name-title">
      <h2 id="name-title">Your name</h2>
      <Stack component="form" method="post" onSubmit={submit} spacing={2} aria-labelledby="name-title">
        <TextField
          id="account-name"
          name="name"
          label="Name"
          autoComplete="name"
          defaultValue={me.name}
          required
          fullWidth
          {...field(errors, 'name')}
          slotProps={{ htmlInput: { minLength: 2, maxLength: 120 } }}
        />
        <div className="actions">
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function EmailForm({ me, onChange }) {
  const { busy, errors, send, setErrors } = useForm();
  const [pending, setPending] = useState('');
  const submit = async (event) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const { ok, status, data } = await send('PATCH', '/api/me', {
      email: form.get('email') || '',
      currentPassword: form.get('currentPassword') || '',
    });
    if (ok) {
      onChange(data);
      if (data.pendingEmail) {
        setPending(data.pendingEmail);
        notify.success(`We sent a link to ${data.pendingEmail}`);
      }
      target.reset();
    } else if (status === 409) setErrors({ email: data.message });
  };
  return (
    <Card aria-labelledby="email-title">
      <h2 id="email-title">Change your email</h2>
      <p>You sign in with {me.email}. We mail a link to the new address: your email changes when you open it.</p>
      <Stack component="form" method="post" onSubmit={submit} spacing={2} aria-labelledby="email-title">
        {pending && (
          <Alert severity="info" role="status">
            We sent a link to {pending}. Open it within 48 hours to use this email for your account.
          </Alert>
        )}
        <TextField
          id="account-new-email"
          name="email"
          label="New email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          {...field(errors, 'email')}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <PasswordField id="account-email-password" name="currentPassword" label="Current password" {...field(errors, 'currentPassword')} />
        <div className="actions">
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : 'Send the link'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function PasswordForm() {
  const { busy, errors, send } = useForm();
  const submit = async (event) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const { ok } = await send('PATCH', '/api/me', {
      password: form.get('password') || '',
      currentPassword: form.get('currentPassword') || '',
    });
    if (ok) {
      target.reset();
      notify.success('Your password is changed; every other browser is signed out');
    }
  };
  return (
    <Card aria-labelledby="password-title">
      <h2 id="password-title">Change your password</h2>
      <p>Every other browser signed in to your account is signed out; this one stays signed in.</p>
      <Stack component="form" method="post" onSubmit={submit} spacing={2} aria-labelledby="password-title">
        <PasswordField
          id="account-current-password"
          name="currentPassword"
          label="Current password"
          {...field(errors, 'currentPassword')}
        />
        <PasswordField
          id="account-new-password"
          name="password"
          label="New password"
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={errors.password || PASSWORD_HINT}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <div className="actions">
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function DeleteDialog({ open, onClose }) {
  const { busy, errors, send } = useForm();
  const submit = async (event) => {
    event.preventDefault();
    const { ok } = await send('DELETE', '/api/me', { password: new FormData(event.currentTarget).get('password') || '' });
    if (ok) {
      meChanged(null);
      window.location.assign('/');
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
      fullWidth
      maxWidth="xs"
    >
      <form method="post" onSubmit={submit}>
        <DialogTitle id="delete-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text" sx={{ mb: 2 }}>
            Your name, email, phone and addresses are erased and you are signed out everywhere. This cannot be undone. The shop keeps your
            past orders for its books, without your name.
          </DialogContentText>
          <PasswordField id="delete-password" label="Your password" {...field(errors, 'password')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Sessions() {
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const out = async () => {
    setBusy(true);
    await signOut().catch(() => {});
    meChanged(null);
    window.location.assign('/');
  };
  const everywhere = async () => {
    setBusy(true);
    const { ok, data } = await sendJson('POST', '/api/me/sign-out-everywhere');
    if (ok) {
      meChanged(null);
      window.location.assign('/');
      return;
    }
    setBusy(false);
    notify.error(data.message || 'That did not work. Please try again.');
  };
  return (
    <Card aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signing out</h2>
      <p>Signing out everywhere ends every session of your account, on every device, this one too.</p>
      <div className="actions">
        <Button variant="outlined" onClick={out} disabled={busy}>
          Sign out
        </Button>
        <Button variant="outlined" onClick={everywhere} disabled={busy}>
          Sign out everywhere
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDeleting(true)} disabled={busy}>
          Delete account
        </Button>
      </div>
      <DeleteDialog open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}

export default function Account({ me: given }) {
  const [me, setMe] = useState(given);
  useEffect(() => {
    // Reached by the client router after the session ended: the server answered without `me`.
    if (!given) window.location.assign(`/account/sign-in?next=${encodeURIComponent(window.location.pathname)}`);
  }, [given]);
  if (!me) return <AccountLayout title="Your account">Loading…</AccountLayout>;

  const changed = (record) => {
    const next = { name: record.name, email: record.email, emailVerified: record.emailVerified };
    setMe(next);
    meChanged(next);
  };
  return (
    <AccountLayout title="Your account">
      {!me.emailVerified && <Unverified email={me.email} />}
      <Card aria-label="Your details">
        <dl>
          <dt>Name</dt>
          <dd>{me.name}</dd>
          <dt>Email</dt>
          <dd>
            {me.email} {me.emailVerified ? '(confirmed)' : '(not confirmed yet)'}
          </dd>
        </dl>
      </Card>
      <NameForm me={me} onChange={changed} />
      <EmailForm me={me} onChange={changed} />
      <PasswordForm />
      <Sessions />
    </AccountLayout>
  );
}
