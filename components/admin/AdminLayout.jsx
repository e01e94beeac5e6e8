// The back-office shell around a page's content: the sidebar of areas (a drawer below md), the
// top bar (who is signed in, text direction, header-fixed, sign-out) and the content.
// Every page inside it requires login: RequireLogin guards it by the session (SPEC §2), so a
// page only needs <AdminLayout active title session>. `active` is the area's href; without it the
// area is found from the URL once in the browser (the server does not know the URL's area, and
// the first browser render must match the server's).
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useRouter } from '../common/router.jsx';
import { useSession } from '../state/session.jsx';
import { useSettings } from '../state/settings.jsx';
import { areaOf } from './areas.js';
import RequireLogin from './RequireLogin.jsx';
import Sidebar from './shell/Sidebar.jsx';
import TopBar from './shell/TopBar.jsx';

function Shell({ active, title, session, areas, brand, children }) {
  const [open, setOpen] = useState(false);
  const { isHeaderFixed } = useSettings();
  const live = useSession();
  const { url } = useRouter();
  const [areaOfUrl, setAreaOfUrl] = useState();
  // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration: the first render must match the server's
  useEffect(() => setAreaOfUrl(areaOf(window.location.href)), [url]);
  const name = live.data?.user?.name || session?.user?.name || 'Administrator';
  // The menu follows the account's role (the live session once the browser has read it).
  const account = live.data?.user ? live.data : session;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Sidebar active={active || areaOfUrl} session={account} areas={areas} brand={brand} open={open} onClose={() => setOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar title={title} name={name} fixed={isHeaderFixed} onOpenMenu={() => setOpen(true)} />
        {isHeaderFixed && <Toolbar aria-hidden />}
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, sm: 3 } }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}

// `areas` and `brand` replace the back office's menu and name (the seller portal's SellerLayout).
export default function AdminLayout({ active, title, session, areas, brand, children }) {
  return (
    <RequireLogin session={session}>
      <Shell active={active} title={title} session={session} areas={areas} brand={brand}>
        {children}
      </Shell>
    </RequireLogin>
  );
}
