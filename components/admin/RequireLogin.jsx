// Guards a back-office page by the session (SPEC §2 "requires login"): once the session is known
// to be gone (signed out elsewhere, or SessionTimedOut) the sign-in form takes the page's place,
// and signing in comes back to the same URL. While the session is loading and the page has no
// server props, it shows "Loading...".
import Typography from '@mui/material/Typography';
import { useSession } from '../state/session.jsx';
import SignInPanel from './SignInPanel.jsx';

const here = () => (typeof window === 'undefined' ? '/admin' : window.location.pathname + window.location.search);

export default function RequireLogin({ hasProps, children }) {
  const { status, error } = useSession();
  if (status === 'unauthenticated') {
    const notice = error === 'SessionTimedOut' ? 'Your session has timed out. Please sign in again.' : 'Please sign in to continue.';
    return <SignInPanel callbackUrl={here()} notice={notice} />;
  }
  if (status === 'loading' && !hasProps) return <Typography sx={{ p: 3 }}>Loading...</Typography>;
  return children;
}
