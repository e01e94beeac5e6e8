// The navigation on a phone: a panel from the start side with the same nested list as the
// side menu. Loaded on demand by the menu's "Categories" button (MUI Drawer, Modal and
// transitions are not first-load JavaScript).
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import NavigationTree from './NavigationTree.jsx';

const Panel = styled('div')(({ theme }) => ({
  width: 320,
  maxWidth: '86vw',
  '& .head': {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: theme.spacing(1, 1, 1, 2.5),
    borderBottom: `1px solid ${theme.palette.grey[200]}`,
    background: theme.palette.background.paper,
  },
  '& h2': { margin: 0, fontSize: 18, fontWeight: 700 },
  '& .body': { padding: theme.spacing(2, 1.5, 3) },
}));

export default function NavigationDrawer({ open, onClose, groups, title, titleId }) {
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } }}
    >
      <Panel>
        <div className="head">
          <h2 id={titleId}>{title}</h2>
          <IconButton aria-label={`Close ${title.toLowerCase()}`} onClick={onClose}>
            <Close />
          </IconButton>
        </div>
        <nav className="body" aria-labelledby={titleId}>
          <NavigationTree groups={groups} onNavigate={onClose} />
        </nav>
      </Panel>
    </Drawer>
  );
}
