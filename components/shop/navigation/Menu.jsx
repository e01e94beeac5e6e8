// The side navigation of a shop: on a wide screen (md and up) the nested list itself, in a
// white panel; on a phone a "Categories" button that opens the same list in a drawer.
// Both are in the markup and CSS picks one, so the server needs no idea of the screen size.
import { lazy, Suspense, useId, useState } from 'react';
import { sharedStyled } from '../../common/sharedStyles.js';
import MenuIcon from '../../icons/Menu.js';
import NavigationTree from './NavigationTree.jsx';

const loadDrawer = () => import('./NavigationDrawer.jsx');
const NavigationDrawer = lazy(loadDrawer);

const Root = sharedStyled('nav', (theme) => ({
  '& .side': {
    display: 'none',
    padding: theme.spacing(2, 1),
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  },
  '& .open': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    width: '100%',
    minHeight: 44,
    padding: theme.spacing(1, 2),
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: 8,
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
    font: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
    '&:hover': { borderColor: theme.palette.primary.main, color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '& svg': { fontSize: 22, color: theme.palette.primary.main },
  },
  [theme.breakpoints.up('md')]: {
    '& .side': { display: 'block' },
    '& .open': { display: 'none' },
  },
}));

/** groups: navigation_for()'s [{category, categoryItem: [{icon, title, href, child?}]}]; label names the menu. */
export default function Menu({ groups, label = 'Categories' }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const titleId = useId();
  if (!groups || groups.length === 0) return null;

  const openDrawer = () => {
    setWanted(true);
    setOpen(true);
  };

  return (
    <Root aria-label={label}>
      <div className="side">
        <NavigationTree groups={groups} />
      </div>
      <button
        type="button"
        className="open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openDrawer}
        onPointerEnter={loadDrawer}
        onFocus={loadDrawer}
      >
        <MenuIcon />
        {label}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <NavigationDrawer open={open} onClose={() => setOpen(false)} groups={groups} title={label} titleId={titleId} />
        </Suspense>
      )}
    </Root>
  );
}
