// The store's name as a link home.
import { sharedStyled } from '../common/sharedStyles.js';
import AutoStories from '../icons/AutoStories.js';
import RouterAnchor from '../common/RouterAnchor.jsx';

const Anchor = sharedStyled(RouterAnchor, (theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  flexShrink: 0,
  color: 'inherit',
  fontSize: 22,
  fontWeight: 700,
  letterSpacing: '-0.01em',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '& svg': { fontSize: 32, color: theme.palette.primary.main },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 4, borderRadius: 2 },
  [theme.breakpoints.down('sm')]: { fontSize: 19, '& svg': { fontSize: 28 } },
  // On the dark footer the mark is light.
  '&.light svg': { color: '#fff' },
}));

export default function Logo({ light = false }) {
  return (
    <Anchor href="/" className={light ? 'light' : undefined}>
      <AutoStories />
      Student Books
    </Anchor>
  );
}
