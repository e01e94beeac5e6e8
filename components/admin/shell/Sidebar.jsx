// The sidebar of back-office areas: a permanent column from md up, a drawer behind the top bar's
// menu button below md. Both are in the server's markup and CSS picks one, so nothing shifts on
// hydration. The drawer's side follows the text direction (MUI flips `anchor` under rtl).
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import { areasFor } from '../areas.js';

export const SIDEBAR_WIDTH = 248;

function AreaList({ active, areas, label, onPick }) {
  return (
    <List component="nav" aria-label={label} sx={{ px: 1 }}>
      {areas.map(({ title, href, Icon }) => (
        <ListItemButton
          key={href}
          component={RouterAnchor}
          href={href}
          selected={href === active}
          aria-current={href === active ? 'page' : undefined}
          onClick={onPick}
          sx={{ borderRadius: 1, mb: 0.25, '&.Mui-selected': { color: 'primary.main', fontWeight: 600 } }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={title} />
        </ListItemButton>
      ))}
    </List>
  );
}

function SidebarContent({ active, session, areas, brand, onPick }) {
  return (
    <>
      <Toolbar sx={{ px: 2, flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center' }}>
        <Typography component="div" sx={{ fontSize: 20, fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }}>
          Student Books
        </Typography>
        {brand && (
          <Typography component="div" variant="caption" color="text.secondary">
            {brand}
          </Typography>
        )}
      </Toolbar>
      <AreaList active={active} areas={areas || areasFor(session)} label={brand || 'Back office'} onPick={onPick} />
    </>
  );
}

const paper = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' };

// `session` decides which areas are listed (areasFor), unless `areas` names them (with the `brand`
// shown under the shop's name: the seller portal).
export default function Sidebar({ active, session, areas, brand, open, onClose }) {
  return (
    <Box component="aside" sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: false }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
        slotProps={{ paper: { 'data-testid': 'admin-drawer' } }}
      >
        <SidebarContent active={active} session={session} areas={areas} brand={brand} onPick={onClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
        slotProps={{ paper: { 'data-testid': 'admin-sidebar' } }}
      >
        <SidebarContent active={active} session={session} areas={areas} brand={brand} />
      </Drawer>
    </Box>
  );
}
