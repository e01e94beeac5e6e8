// Where a page sits: Home › category › product, as real links; the last crumb is the page itself.
import { styled } from '@mui/material/styles';
import RouterAnchor from '../../common/RouterAnchor.jsx';

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

/** crumbs: [{label, href}]; the last one is the current page (its href is not used). */
export default function Breadcrumbs({ crumbs }) {
  return (
    <Nav aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.label}>
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
