// A results page's list beside its filters: "Showing 1–24 of 130" and the sort select, the
// product grid, and the page links. The search page and the book pages share it; each passes
// what it shows when nothing matched.
import { styled } from '@mui/material/styles';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import { ProductGrid } from '../deferred.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';
import { PageLinks, SortSelect } from './deferred.js';

export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The page around the filters and the results: its h1, then the two side by side on a wide screen. */
export const ResultsLayout = styled('div')(({ theme }) => ({
  '& h1': {
    margin: theme.spacing(0, 0, 2.5),
    fontSize: 26,
    fontWeight: 700,
    lineHeight: 1.3,
    overflowWrap: 'anywhere',
    [theme.breakpoints.down('sm')]: { fontSize: 20, marginBottom: theme.spacing(1.5) },
  },
  '& .body': {
    display: 'grid',
    gap: theme.spacing(2),
    [theme.breakpoints.up('md')]: { gridTemplateColumns: '250px minmax(0, 1fr)', gap: theme.spacing(3) },
  },
  '& .chosen': { marginBottom: theme.spacing(2) },
  '& .toolbar': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: theme.spacing(1, 2),
    marginBottom: theme.spacing(2),
    '& p': { margin: 0, fontSize: 14, color: theme.palette.text.secondary },
  },
  // Beside the filters a 960–1280 px screen has room for three cards a row, not four.
  [theme.breakpoints.between('md', 'lg')]: { '& .grid > ul': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
  '& .beyond': {
    padding: theme.spacing(4, 2),
    textAlign: 'center',
    '& a': { color: theme.palette.primary.main, fontWeight: 600 },
  },
}));

/**
 * `results`: {products, total, page, perPage, pages}; `hrefOf(n)`: the address of page n; `sort`:
 * {value, change, options?} for the sort select of the filter form `formId`; `empty`: what to
 * show when nothing matched; `noun`: what the results are ("result", "book").
 */
export default function Results({ formId, results, hrefOf, sort, empty, noun = 'result' }) {
  const { products, total, page, perPage, pages } = results;
  const first = (page - 1) * perPage + 1;
  return (
    <section className="results" aria-labelledby={`${formId}-results`}>
      {/* Headings go h1, h2, then the cards' h3. */}
      <VisuallyHidden as="h2" id={`${formId}-results`}>
        Results
      </VisuallyHidden>
      <div className="toolbar">
        <p role="status">
          {products.length > 0
            ? `Showing ${first}–${first + products.length - 1} of ${total}${results.more ? '+' : ''}`
            : `${plural(total, noun)}`}
        </p>
        <SortSelect formId={formId} value={sort.value} change={sort.change} options={sort.options} />
      </div>
      {products.length > 0 && (
        <div className="grid">
          <ProductGrid products={products} columns={4} eager={4} />
        </div>
      )}
      {total === 0 && empty}
      {total > 0 && products.length === 0 && (
        <p className="beyond">
          These results end at page {pages}. <RouterAnchor href={hrefOf(1)}>Go to the first page</RouterAnchor>
        </p>
      )}
      <PageLinks page={page} pages={pages} hrefOf={hrefOf} />
    </section>
  );
}
