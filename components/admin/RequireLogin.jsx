// Guards a back-office page by the session (SPEC §2 "requires login", §4 SessionTimedOut).
//
// `session` is what the server sent with the page's props:
// - a session: the server checked it for this very request, so the page shows at once (also while
//   the browser's own session read is still loading);
// - null: the server refused it (the client router got a 401 page document, app/pages/admin.py),
//   so the guard re-reads the session, showing "Loading..." meanwhile, and then puts the sign-in
//   form in place of the page, without a redirect; a timed-out session is signed out on the way
//   (state/session.jsx) and the form says so;
// - undefined: the page has no server props; it waits for the browser's session read.
// Whatever the props say, once the session is known to be gone (it timed out, or was signed out
// elsewhere) the sign-in form takes the page's place, and signing in comes back to the same URL.
// `hasProps` is the older form of the same flag: hasProps={!!session}.
import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useRouter } from '../common/router.jsx';
import { useSession } from '../state/session.jsx';
import SignInPanel from './SignInPanel.jsx';

const here = () => (typeof window === 'undefined' ? '/admin' : window.location.pathname + window.location.search);

const NOTICES = {
  SessionTimedOut: 'Your session has timed out. Please sign in again.',
  signedOut: 'Please sign in to continue.',
  notAdmin: 'Sign in as an administrator to continue.',
};

function vouchedBy(session, hasProps) {
  if (session !== undefined) return session;
  if (hasProps === undefined) return undefined;
  return hasProps ? true : null;
}

// Re-reads the session when the server refused this page; true until that read is done.
function useRecheck(refused) {
  const { refresh } = useSession();
  const { url } = useRouter();
  const [checkedUrl, setCheckedUrl] = useState(null);
  useEffect(() => {
    if (!refused) return undefined;
    let current = true;
    refresh()
      .catch(() => {})
      .finally(() => current && setCheckedUrl(url));
    return () => {
      current = false;
    };
  }, [refused, url, refresh]);
  return refused && checkedUrl !== url;
}

function Loading() {
  return (
    <Typography role="status" sx={{ p: 3 }}>
      Loading...
    </Typography>
  );
}

export default function RequireLogin({ session, hasProps, children }) {
  const vouched = vouchedBy(session, hasProps);
  const { status, error } = useSession();
  const refused = vouched === null;
  const checking = useRecheck(refused);
  if (status === 'unauthenticated') {
    return <SignInPanel callbackUrl={here()} notice={NOTICES[error] || NOTICES.signedOut} />;
  }
  if (checking || (status === 'loading' && !vouched)) return <Loading />;
  // Signed in, yet refused by the server: signed in as someone who is not an administrator.
  if (refused) return <SignInPanel callbackUrl={here()} notice={NOTICES.notAdmin} />;
  return children;
}
