// Sign out: ends the session on the server, then goes to /login on the client (the shell, and so
// the toast saying it worked, stay mounted). A failure is a toast too, and nothing else changes.
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Logout from '@mui/icons-material/Logout';
import { useRouter } from '../../common/router.jsx';
import { notify } from '../../common/toast.jsx';
import { signOut, useSession } from '../../state/session.jsx';

export default function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const { navigate } = useRouter();
  const { refresh } = useSession();
  const leave = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch {
      notify.error('Signing out failed. Check your connection and try again.');
      setBusy(false);
      return;
    }
    await navigate('/login');
    notify.success('You have signed out.');
    refresh().catch(() => {});
  };
  // Words from sm up; an icon alone on a phone. The hidden one is out of the accessibility tree.
  return (
    <>
      <IconButton aria-label="Sign out" title="Sign out" onClick={leave} disabled={busy} sx={{ display: { sm: 'none' } }}>
        <Logout />
      </IconButton>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<Logout />}
        onClick={leave}
        disabled={busy}
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
      >
        Sign out
      </Button>
    </>
  );
}
