// The back-office shell: an app bar (the administrator's name, Sign out) and a sidebar of the
// areas (permanent from md up, a drawer behind the menu button below), around the page's content.
// The responsive switch is CSS only, so the server's markup fits every screen size.
import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import Logout from '@mui/icons-material/Logout';
import { RouterAnchor } from '../common/Link.jsx';
import { signOut, useSession } from '../state/session.jsx';
import { ADMIN_AREAS } from './areas.js';

const SIDEBAR_WIDTH = 248;

function AreaList({ active, onPick }) {
  return (
    <List component="nav" aria-label="Back office" sx={{ px: 1 }}>
      {ADMIN_AREAS.map(({ title, href, Icon }) => (
        <ListItemButton
          key={href}
          component={RouterAnchor}
          href={href}
          selected={href === active}
          aria-current={href === active ? 'page' : undefined}
          onClick={onPick}
          sx={{ borderRadius: 1, mb: 0.25 }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={title} />
        </ListItemButton>
      ))}
    </List>
  );
}

function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      window.location.assign('/login');
    }
  };
  return (
    <Button color="inherit" variant="outlined" size="small" startIcon={<Logout />} onClick={leave} disabled={busy}>
      Sign out
    </Button>
  );
}

export default function AdminLayout({ active, title, session, children }) {
  const [open, setOpen] = useState(false);
  const live = useSession();
  const name = live.data?.user?.name || session?.user?.name || 'Administrator';
  const sidebar = (
    <>
      <Toolbar sx={{ px: 2 }}>
        <Typography variant="h6" component="div" sx={{ fontWeight: 700, color: 'primary.main' }}>
          Student Books
        </Typography>
      </Toolbar>
      <AreaList active={active} onPick={() => setOpen(false)} />
    </>
  );
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        sx={{ width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` }, ml: { md: `${SIDEBAR_WIDTH}px` }, borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ display: { md: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography noWrap sx={{ display: { xs: 'none', sm: 'block' }, color: 'text.secondary' }} data-testid="admin-name">
            {name}
          </Typography>
          <SignOutButton />
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
        >
          {sidebar}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
        >
          {sidebar}
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
