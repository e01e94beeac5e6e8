// Where a page sits (a book, an author, a shelf, a booklist, a product): Home › Class 9 › Physics ›
// the book, as real links; the last crumb is the page itself (aria-current, not a link). The
// server names the crumbs (app/pages/heads.py) and gives crawlers the same trail as JSON-LD.
import { styled } from '@mui/material/styles';
import RouterAnchor from './RouterAnchor.jsx';

const Nav = styled('nav')(({ theme }) => ({
  marginBottom: theme.spacing(2),
  fontSize: 14,
  '& ol': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center' },
  '& li': { display: 'inline-flex', alignItems: 'center', minWidth: 0 },
  '& li + li::before': { content: '"›"', marginInline: theme.spacing(1), color: theme.palette.text.secondary },
  '& a': {
    display: 'inline-block',
    paddingBlock: 6,
    color: theme.palette.text.secondary,
    textDecoration: 'none',
    '&:hover': { color: theme.palette.primary.main, textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& [aria-current]': {
    color: theme.palette.text.primary,
    fontWeight: 600,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
}));

/** crumbs: [{label, href}]; the last one is the current page (its href is not used here). */
export default function Breadcrumbs({ crumbs }) {
  if (!crumbs?.length) return null;
  return (
    <Nav aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={i}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <RouterAnchor href={crumb.href}>{crumb.label}</RouterAnchor>
            )}
          </li>
        ))}
      </ol>
    </Nav>
  );
}
