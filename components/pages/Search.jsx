// Search results: "N results for “term”", filters with counts (category, author, level, format,
// price, rating, in stock) and sort as a GET form, the chosen filters as removable chips, the
// results grid and page links; a helpful empty state when nothing matched. Works as plain pages
// without JavaScript; with it, every change opens the new results on the client.
import { useId } from 'react';
import Results, { plural, ResultsLayout } from '../shop/search/Results.jsx';
import { ChosenFilters, NoResults, SearchFilters } from '../shop/search/deferred.js';
import { activeFilters, searchHref, searchValues } from '../shop/search/searchHref.js';
import useSearchForm from '../shop/search/useSearchForm.js';
import ShopLayout from '../shop/ShopLayout.jsx';

export default function Search(results) {
  const { term, total, suggestions, didYouMean } = results;
  const formId = useId();
  const { values, change, submit } = useSearchForm(results);
  // Page links and "clear" keep what the results show, not a price still being typed.
  const shown = searchValues(results);
  const hrefOf = (n) => searchHref(term, { ...shown, page: n });
  const filtered = activeFilters(shown) > 0;

  return (
    <ShopLayout searchTerm={term}>
      <ResultsLayout>
        <h1>
          {total > 0
            ? `${results.more ? `${total.toLocaleString('en')}+ results` : plural(total, 'result')} for “${term}”`
            : `No results for “${term}”`}
        </h1>
        {total === 0 && !filtered ? (
          <NoResults term={term} suggestions={suggestions} didYouMean={didYouMean} />
        ) : (
          <>
            <ChosenFilters term={term} shown={shown} facets={results} />
            <div className="body">
              <SearchFilters
                formId={formId}
                action={searchHref(term)}
                hrefOf={(next) => searchHref(term, next)}
                facets={results}
                values={values}
                change={change}
                submit={submit}
              />
              <Results
                formId={formId}
                results={results}
                hrefOf={hrefOf}
                sort={{ value: values.sort, change }}
                empty={<NoResults term={term} suggestions={suggestions} clearHref={searchHref(term, { sort: shown.sort })} />}
              />
            </div>
          </>
        )}
      </ResultsLayout>
    </ShopLayout>
  );
}
