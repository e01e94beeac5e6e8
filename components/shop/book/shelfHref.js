// Addresses of the book pages (a level's, an author's) with the query parameters the server's
// loader reads (app/pages/books.py): the search page's (sort, filters, page) and a subject.
// Defaults and empty values are left out, so the plain page keeps its plain (canonical) address.
import { FILTERS, queryHref, SORT_OPTIONS, searchValues } from '../search/searchHref.js';

// A book page has no search term: its default order is the shop's featured books first.
export const SHELF_SORTS = [{ value: 'relevance', label: 'Featured' }, ...SORT_OPTIONS.filter((o) => o.value !== 'relevance')];
export const SHELF_FILTERS = ['subject', ...FILTERS];

/** The filter form's values (strings, '' when unset) of the books a page shows. */
export function shelfValues(shelf) {
  const { subject } = shelf.filters;
  return { ...searchValues(shelf), subject: subject === null || subject === undefined ? '' : String(subject) };
}

export const shelfHref = (url, values = {}) => queryHref(url, values, ['sort', ...SHELF_FILTERS, 'page']);
