// A shop home with a side menu: the navigation in a column beside the page from md up (it stays
// in view while the page scrolls), above it on a phone (as the menu's "Categories" button).
// With a `title`, the main column opens with the page's banner: the h1, a tagline and an
// optional decorative `art` (an icon).
import { sharedStyled } from '../common/sharedStyles.js';
import NavigationMenu from './NavigationMenu.jsx';

const Layout = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: theme.spacing(2),
  // The page's first block lines up with the top of the menu.
  '& > .main > :first-child': { marginTop: 0 },
  [theme.breakpoints.up('md')]: {
    '&.with-menu': { gridTemplateColumns: '240px minmax(0, 1fr)' },
    alignItems: 'start',
    gap: theme.spacing(3),
    '& > .menu': {
      position: 'sticky',
      top: theme.spacing(2),
      maxHeight: `calc(100vh - ${theme.spacing(4)})`,
      overflowY: 'auto',
    },
  },
  [theme.breakpoints.up('lg')]: { '&.with-menu': { gridTemplateColumns: '260px minmax(0, 1fr)' } },
  '& .intro': {
    position: 'relative',
    overflow: 'hidden',
    padding: theme.spacing(5, 6),
    borderRadius: 8,
    color: '#fff',
    background: `linear-gradient(115deg, ${theme.palette.primary.main} 0%, ${theme.palette.secondary.main} 100%)`,
    [theme.breakpoints.down('sm')]: { padding: theme.spacing(3, 2.5) },
  },
  '& .intro h1': {
    position: 'relative',
    maxWidth: 560,
    margin: 0,
    fontSize: 36,
    fontWeight: 700,
    lineHeight: 1.2,
    [theme.breakpoints.down('sm')]: { fontSize: 24 },
  },
  '& .intro p': {
    position: 'relative',
    maxWidth: 520,
    margin: theme.spacing(1.5, 0, 0),
    fontSize: 16,
    lineHeight: 1.6,
    [theme.breakpoints.down('sm')]: { fontSize: 14, marginTop: theme.spacing(1) },
  },
  // The art is a large icon faded into the banner's end side.
  '& .intro .art': {
    position: 'absolute',
    insetInlineEnd: theme.spacing(4),
    top: '50%',
    transform: 'translateY(-50%)',
    display: 'flex',
    opacity: 0.22,
    '& svg': { fontSize: 180 },
    // Only a wide screen's banner has room for it beside the text.
    [theme.breakpoints.down('lg')]: { display: 'none' },
  },
}));

/** navigation: see NavigationMenu; title (the page's h1), tagline and art are optional. */
export default function SidebarLayout({ navigation, label, title, tagline, art, children }) {
  // A shop without navigation groups gets the whole width.
  const withMenu = navigation?.length > 0;
  return (
    <Layout className={withMenu ? 'with-menu' : undefined}>
      {withMenu && (
        <div className="menu">
          <NavigationMenu groups={navigation} label={label} />
        </div>
      )}
      <div className="main">
        {title && (
          <div className="intro">
            {art && (
              <span className="art" aria-hidden="true">
                {art}
              </span>
            )}
            <h1>{title}</h1>
            {tagline && <p>{tagline}</p>}
          </div>
        )}
        {children}
      </div>
    </Layout>
  );
}
