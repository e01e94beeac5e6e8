// Every page of a signed-in shopper's account: the shop's header and footer, the account's own
// menu (profile, orders, addresses, wishlist and alerts) beside the page, stacked on a phone.
import { startTransition, useEffect, useState } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { useRouter } from '../common/router.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';

export const ACCOUNT_MENU = [
  { href: '/account', label: 'Your account' },
  { href: '/account/orders', label: 'Orders' },
  { href: '/account/addresses', label: 'Addresses' },
  { href: '/account/wishlist', label: 'Wishlist and alerts' },
];

const Frame = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: '220px minmax(0, 1fr)',
  gap: theme.spacing(3),
  alignItems: 'start',
  [theme.breakpoints.down('md')]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.spacing(2) },
  '& nav ul': {
    listStyle: 'none',
    margin: 0,
    padding: theme.spacing(1),
    borderRadius: 8,
    background: theme.palette.background.paper,
    border: `1px solid ${theme.palette.grey[200]}`,
    [theme.breakpoints.down('md')]: { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(0.5) },
  },
  '& nav a': {
    display: 'block',
    padding: theme.spacing(1, 1.5),
    borderRadius: 6,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    fontWeight: 600,
    fontSize: 15,
    '&:hover': { background: theme.palette.grey[100] },
    '&[aria-current="page"]': { background: theme.palette.primary.main, color: theme.palette.primary.contrastText },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& .content': { display: 'grid', gap: theme.spacing(2.5), minWidth: 0 },
  '& h1': { margin: 0, fontSize: 26, fontWeight: 700, [theme.breakpoints.down('sm')]: { fontSize: 21 } },
}));

// The path of a URL (absolute in the browser), without URL(): the server's V8 isolate has none.
const pathOf = (url) => (url || '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0] || '/';

function current(path, href) {
  if (!path) return false;
  return href === '/account' ? path === href : path === href || path.startsWith(href + '/');
}

// title: the page's heading; children: the page below it.
export default function AccountLayout({ title, children }) {
  const { url } = useRouter();
  // The server renders without the URL: the menu marks the current page once hydrated, so the
  // first render in the browser matches the server's markup.
  const [path, setPath] = useState(null);
  useEffect(() => startTransition(() => setPath(pathOf(url))), [url]);
  return (
    <ShopLayout>
      <Frame>
        <nav aria-label="Your account">
          <ul>
            {ACCOUNT_MENU.map(({ href, label }) => (
              <li key={href}>
                <RouterAnchor href={href} aria-current={current(path, href) ? 'page' : undefined}>
                  {label}
                </RouterAnchor>
              </li>
            ))}
          </ul>
        </nav>
        <div className="content">
          <h1>{title}</h1>
          {children}
        </div>
      </Frame>
    </ShopLayout>
  );
}
