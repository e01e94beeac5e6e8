// The back office's top bar: the menu button (below md), the page's title, who is signed in,
// the layout switches and sign-out. Fixed to the top or scrolling with the page, as the
// header-fixed flag says; the server renders it scrolling (the flag's default).
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { DirectionSwitch, HeaderFixedToggle } from './LayoutToggles.jsx';
import SignOutButton from './SignOutButton.jsx';
import { SIDEBAR_WIDTH } from './Sidebar.jsx';

function SignedInAs({ name }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Avatar
        role="img"
        aria-label={`Signed in as ${name}`}
        title={`Signed in as ${name}`}
        sx={{ width: 32, height: 32, fontSize: 15, bgcolor: 'secondary.main' }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Typography noWrap sx={{ display: { xs: 'none', md: 'block' }, color: 'text.secondary' }} data-testid="admin-name">
        {name}
      </Typography>
    </Box>
  );
}

export default function TopBar({ title, name, fixed, onOpenMenu }) {
  return (
    <AppBar
      position={fixed ? 'fixed' : 'static'}
      data-testid="admin-app-bar"
      sx={{ borderBottom: 1, borderColor: 'divider', width: fixed ? { md: `calc(100% - ${SIDEBAR_WIDTH}px)` } : undefined }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton aria-label="Open navigation" onClick={onOpenMenu} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, fontWeight: 700, px: { xs: 0.5, sm: 0 } }}>
          {title}
        </Typography>
        <SignedInAs name={name} />
        <DirectionSwitch />
        <HeaderFixedToggle />
        <SignOutButton />
      </Toolbar>
    </AppBar>
  );
}
