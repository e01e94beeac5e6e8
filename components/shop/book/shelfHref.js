// Addresses of the book pages (a level's, an author's) with the query parameters the server's
// loader reads (app/pages/books.py): sort, subject, format, min_price, max_price, page. Defaults
// and empty values are left out, so the plain page keeps its plain (canonical) address.
import { queryHref, SORT_OPTIONS } from '../search/searchHref.js';

// A book page has no search term: its default order is the shop's featured books first.
export const SHELF_SORTS = [{ value: 'relevance', label: 'Featured' }, ...SORT_OPTIONS.filter((o) => o.value !== 'relevance')];
export const SHELF_FILTERS = ['subject', 'format', 'min_price', 'max_price'];

/** The filter form's values (strings, '' when unset) of the books a page shows. */
export function shelfValues({ sort, filters }) {
  const text = (value) => (value === null || value === undefined ? '' : String(value));
  return {
    sort: sort || 'relevance',
    subject: text(filters.subject),
    format: text(filters.format),
    min_price: text(filters.minPrice),
    max_price: text(filters.maxPrice),
  };
}

export const shelfHref = (url, values = {}) => queryHref(url, values, ['sort', ...SHELF_FILTERS, 'page']);
