// Addresses of search result pages, with the query parameters the server's search loader reads
// (app/pages/catalogue.py): sort, category, author, level, format, condition, min_price, max_price,
// rating, in_stock, page. Defaults and empty values are left out, so a plain search keeps its plain
// (canonical) address.
import { searchUrl } from '../links.js';

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Customer rating' },
  { value: 'newest', label: 'Newest first' },
];

const ORDER = ['sort', 'category', 'author', 'level', 'format', 'condition', 'min_price', 'max_price', 'rating', 'in_stock', 'page'];
const DEFAULTS = { sort: 'relevance', page: '1' };

/** The form's values (strings, '' when unset) of the results a page shows. */
export function searchValues({ sort, filters }) {
  const text = (value) => (value === null || value === undefined ? '' : String(value));
  return {
    sort: sort || 'relevance',
    category: text(filters.category),
    min_price: text(filters.minPrice),
    max_price: text(filters.maxPrice),
    rating: text(filters.minRating),
    author: text(filters.author),
    level: text(filters.level),
    format: text(filters.format),
    in_stock: filters.inStock ? '1' : '',
    condition: text(filters.condition),
  };
}

/** `path` with the `names` of `values` as query parameters, in that order (the book pages' too). */
export function queryHref(path, values, names) {
  // Built by hand: the server's V8 isolate has no URLSearchParams.
  const pairs = [];
  for (const name of names) {
    const value = String(values[name] ?? '').trim();
    if (value && value !== DEFAULTS[name]) pairs.push(`${name}=${encodeURIComponent(value)}`);
  }
  return path + (pairs.length ? `?${pairs.join('&')}` : '');
}

export const searchHref = (term, values = {}) => queryHref(searchUrl(term), values, ORDER);

export const FILTERS = ['category', 'author', 'level', 'format', 'condition', 'min_price', 'max_price', 'rating', 'in_stock'];

/** How many filters (not the sort) narrow the results: shown on the phone's "Filters" button.
 * A price range is one filter, whether it has one bound or two. */
export const activeFilters = (values, names = FILTERS) =>
  names.filter((name) => values[name] && !(name === 'max_price' && values.min_price)).length;
