// The header's account link: "Sign in" (and back to this page after) for a guest, "Hi, {first
// name}" to /account for a shopper. The server renders "Sign in" for everyone (the page is cached);
// who is signed in comes from GET /api/me after hydration.
import { useSyncExternalStore } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { useRouter } from '../common/router.jsx';
import Person from '../icons/PersonOutline.js';
import { useMe } from '../state/me.js';

const Anchor = sharedStyled(RouterAnchor, (theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 44,
  maxWidth: 200,
  padding: theme.spacing(0, 1),
  borderRadius: 22,
  color: theme.palette.text.primary,
  fontSize: 14,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '& svg': { fontSize: 24, flexShrink: 0 },
  '& span': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '&:hover': { color: theme.palette.primary.main },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  [theme.breakpoints.down('sm')]: { maxWidth: 130, fontSize: 13 },
}));

const subscribe = () => () => {};
const whereAmI = () => window.location.pathname + window.location.search;

const firstName = (name) => (name || '').trim().split(/\s+/)[0] || 'there';

export default function AccountLink() {
  const me = useMe();
  useRouter(); // read again after each client-side navigation
  // Known in the browser only: the server's markup links to the sign-in page itself.
  const here = useSyncExternalStore(subscribe, whereAmI, () => '');

  if (me) {
    return (
      // A back-office account has no shopper's pages: its name leads to the back office.
      <Anchor href={me.role === 'customer' ? '/account' : '/admin'} className="account-link">
        <Person />
        <span>Hi, {firstName(me.name)}</span>
      </Anchor>
    );
  }
  const back = here && !here.startsWith('/account') ? `?next=${encodeURIComponent(here)}` : '';
  return (
    <Anchor href={`/account/sign-in${back}`} className="account-link">
      <Person />
      <span>Sign in</span>
    </Anchor>
  );
}
