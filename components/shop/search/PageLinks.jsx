// Result pages as real links (?page=N with the other parameters kept): first, last, the current
// page and its neighbours, with "…" for the gaps; "Previous" and "Next" at the ends.
import { styled } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';
import ChevronLeft from '../../icons/ChevronLeft.js';
import ChevronRight from '../../icons/ChevronRight.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';

const Nav = styled('nav')(({ theme }) => ({
  marginTop: theme.spacing(4),
  '& ul': {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: theme.spacing(0.75),
  },
  '& a, & .gap, & .off': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 40,
    height: 40,
    padding: theme.spacing(0, 1),
    borderRadius: 20,
    fontSize: 14,
    fontWeight: 600,
    color: theme.palette.text.primary,
    textDecoration: 'none',
  },
  '& a': {
    border: `1px solid ${theme.palette.grey[300]}`,
    background: theme.palette.background.paper,
    '&:hover': { borderColor: theme.palette.primary.main, color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '&[aria-current="page"]': {
      borderColor: theme.palette.primary.main,
      background: theme.palette.primary.main,
      color: theme.palette.primary.contrastText,
    },
  },
  '& .off': { color: theme.palette.text.disabled },
  '& svg': { fontSize: 20, transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined },
  // A phone shows the arrows alone; their words stay for screen readers.
  [theme.breakpoints.down('sm')]: { '& .word': visuallyHidden },
}));

/** 1 … 4 5 6 … 20: the page numbers to show, with null for a gap. */
export function pageNumbers(page, pages) {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [null, n] : [n]));
}

function Step({ href, label, children }) {
  if (!href)
    return (
      <span className="off" aria-disabled="true">
        {children}
      </span>
    );
  return (
    <RouterAnchor href={href} rel={label === 'Next' ? 'next' : 'prev'}>
      {children}
    </RouterAnchor>
  );
}

export default function PageLinks({ page, pages, hrefOf }) {
  if (pages <= 1) return null;
  return (
    <Nav aria-label="Result pages">
      <ul>
        <li>
          <Step href={page > 1 ? hrefOf(Math.min(page - 1, pages)) : null} label="Previous">
            <ChevronLeft />
            <span className="word">Previous</span>
          </Step>
        </li>
        {pageNumbers(page, pages).map((n, i) => (
          <li key={n ?? `gap-${i}`}>
            {n === null ? (
              <span className="gap" aria-hidden="true">
                …
              </span>
            ) : (
              <RouterAnchor href={hrefOf(n)} aria-current={n === page ? 'page' : undefined}>
                <VisuallyHidden>Page </VisuallyHidden>
                {n}
              </RouterAnchor>
            )}
          </li>
        ))}
        <li>
          <Step href={page < pages ? hrefOf(page + 1) : null} label="Next">
            <span className="word">Next</span>
            <ChevronRight />
          </Step>
        </li>
      </ul>
    </Nav>
  );
}
