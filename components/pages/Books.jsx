// A page of books: a level's (/books/class-9, /books/college, /books/stories, with a switcher to
// the other levels) or an author's (/author/{slug}). The search page's filters with their counts
// (and a subject) and sort as a GET form, the books as a grid and page links: plain pages without JavaScript; with it, every
// change opens the new list on the client. The search page's parts (../shop/search/) do the work.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import { Breadcrumbs } from '../common/breadcrumbs.js';
import ButtonLink from '../shop/ButtonLink.jsx';
import { LevelLinks } from '../shop/book/deferred.js';
import { SHELF_FILTERS, SHELF_SORTS, shelfHref, shelfValues } from '../shop/book/shelfHref.js';
import Results, { plural, ResultsLayout } from '../shop/search/Results.jsx';
import { SearchFilters } from '../shop/search/deferred.js';
import { activeFilters } from '../shop/search/searchHref.js';
import useSearchForm from '../shop/search/useSearchForm.js';
import ShopLayout from '../shop/ShopLayout.jsx';

const Layout = styled(ResultsLayout)(({ theme }) => ({
  '& h1': { marginBottom: theme.spacing(0.5) },
  '& .lead': { margin: theme.spacing(0, 0, 2.5), color: theme.palette.text.secondary },
  '& .empty': {
    display: 'grid',
    justifyItems: 'center',
    gap: theme.spacing(2),
    padding: theme.spacing(5, 3),
    borderRadius: 8,
    textAlign: 'center',
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
    '& h3': { margin: 0, fontSize: 20, fontWeight: 700 },
    '& p': { margin: 0, color: theme.palette.text.secondary },
  },
}));

/** What a page shows when no book is there: clear the filters if they are why. */
function Empty({ filtered, clearHref }) {
  return (
    <div className="empty">
      <h3>{filtered ? 'No books match these filters' : 'No books here yet'}</h3>
      <p>{filtered ? 'Try another subject or format, or a wider price range.' : 'New books arrive every week: look again soon.'}</p>
      {filtered ? <ButtonLink href={clearHref}>Clear filters</ButtonLink> : <ButtonLink href="/">Back to the home page</ButtonLink>}
    </div>
  );
}

export default function Books(shelf) {
  const { title, blurb, url, author, levelPages, breadcrumbs } = shelf;
  const formId = useId();
  const hrefOf = (values) => shelfHref(url, values);
  const { values, change, submit } = useSearchForm(shelf, { valuesOf: shelfValues, hrefOf });
  // Page links and "clear" keep what the list shows, not a price still being typed.
  const shown = shelfValues(shelf);

  return (
    <ShopLayout>
      <Breadcrumbs crumbs={breadcrumbs} />
      <Layout>
        <h1>{author ? `Books by ${author.name}` : title}</h1>
        <p className="lead">{author ? `${plural(author.books, 'book')} by ${author.name} at Student Books` : blurb}</p>
        {levelPages && (
          <nav aria-label="Books by level">
            <LevelLinks levels={levelPages} variant="chips" current={url} />
          </nav>
        )}
        <div className="body">
          <SearchFilters
            formId={formId}
            action={url}
            hrefOf={hrefOf}
            // A level page is its level: its switcher above moves between them.
            facets={levelPages ? { ...shelf, levels: [] } : shelf}
            values={values}
            change={change}
            submit={submit}
            names={SHELF_FILTERS}
          />
          <Results
            formId={formId}
            results={shelf}
            hrefOf={(n) => hrefOf({ ...shown, page: n })}
            sort={{ value: values.sort, change, options: SHELF_SORTS }}
            noun="book"
            empty={<Empty filtered={activeFilters(shown, SHELF_FILTERS) > 0} clearHref={hrefOf({ sort: shown.sort })} />}
          />
        </div>
      </Layout>
    </ShopLayout>
  );
}
