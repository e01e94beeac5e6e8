// A section's title (an h2, with an optional icon named as in common/icons.jsx SectionIcon) and an optional "View all" link.
import ChevronRight from '../icons/ChevronRight.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { sharedStyled } from '../common/sharedStyles.js';
import { SectionIcon } from '../common/icons.jsx';
import VisuallyHidden from './VisuallyHidden.jsx';

const Head = sharedStyled('div', (theme) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
  marginBottom: theme.spacing(2),
  '& h2': {
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    fontSize: 24,
    fontWeight: 700,
    lineHeight: 1.3,
    color: theme.palette.text.primary,
    [theme.breakpoints.down('sm')]: { fontSize: 19 },
  },
  '& h2 svg': { color: theme.palette.primary.main, fontSize: 26 },
  '& a': {
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: 0,
    fontSize: 14,
    color: theme.palette.text.secondary,
    textDecoration: 'none',
    '&:hover': { color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '& svg': { fontSize: 18, transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined },
  },
}));

export default function SectionHeader({ id, title, icon, viewAll }) {
  return (
    <Head>
      <h2 id={id}>
        {icon && <SectionIcon name={icon} />}
        {title}
      </h2>
      {viewAll && (
        <RouterAnchor href={viewAll}>
          View all<VisuallyHidden> {title}</VisuallyHidden>
          <ChevronRight />
        </RouterAnchor>
      )}
    </Head>
  );
}
