// Search results: "N results for “term”", filters (category, price, rating) and sort as a GET
// form, the results grid and page links; a helpful empty state when nothing matched. Works as
// plain pages without JavaScript; with it, every change opens the new results on the client.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { ProductGrid } from '../shop/deferred.jsx';
import { NoResults, PageLinks, SearchFilters, SortSelect } from '../shop/search/deferred.js';
import { activeFilters, searchHref, searchValues } from '../shop/search/searchHref.js';
import useSearchForm from '../shop/search/useSearchForm.js';
import ShopLayout from '../shop/ShopLayout.jsx';
import VisuallyHidden from '../shop/VisuallyHidden.jsx';

const Layout = styled('div')(({ theme }) => ({
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

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

export default function Search(results) {
  const { term, products, total, page, perPage, pages, categories, suggestions } = results;
  const formId = useId();
  const { values, change, submit } = useSearchForm(results);
  // Page links and "clear" keep what the results show, not a price still being typed.
  const shown = searchValues(results);
  const hrefOf = (n) => searchHref(term, { ...shown, page: n });
  const filtered = activeFilters(shown) > 0;
  const first = (page - 1) * perPage + 1;

  return (
    <ShopLayout searchTerm={term}>
      <Layout>
        <h1>{total > 0 ? `${plural(total, 'result')} for “${term}”` : `No results for “${term}”`}</h1>
        {total === 0 && !filtered ? (
          <NoResults term={term} suggestions={suggestions} />
        ) : (
          <div className="body">
            <SearchFilters formId={formId} term={term} categories={categories} values={values} change={change} submit={submit} />
            <section className="results" aria-labelledby={`${formId}-results`}>
              {/* Headings go h1, h2, then the cards' h3. */}
              <VisuallyHidden as="h2" id={`${formId}-results`}>
                Results
              </VisuallyHidden>
              <div className="toolbar">
                <p role="status">
                  {products.length > 0 ? `Showing ${first}–${first + products.length - 1} of ${total}` : `${plural(total, 'result')}`}
                </p>
                <SortSelect formId={formId} value={values.sort} change={change} />
              </div>
              {products.length > 0 && (
                <div className="grid">
                  <ProductGrid products={products} columns={4} eager={4} />
                </div>
              )}
              {total === 0 && <NoResults term={term} suggestions={suggestions} clearHref={searchHref(term, { sort: shown.sort })} />}
              {total > 0 && products.length === 0 && (
                <p className="beyond">
                  These results end at page {pages}. <RouterAnchor href={hrefOf(1)}>Go to the first page</RouterAnchor>
                </p>
              )}
              <PageLinks page={page} pages={pages} hrefOf={hrefOf} />
            </section>
          </div>
        )}
      </Layout>
    </ShopLayout>
  );
}
