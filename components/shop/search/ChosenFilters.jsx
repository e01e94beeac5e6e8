// The filters a search's results are narrowed by, as chips above them: each chip removes its
// filter (a link to the same results without it), the last one clears them all. On a phone, where
// the filter panel is folded away, this is how a visitor sees and undoes what they chose. The
// "Clear filters" chip shows with two filters or more.
import Close from '@mui/icons-material/Close';
import { ChipLinks } from '../deferred.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';
import { searchHref } from './searchHref.js';

const money = (value) => `$${Number(value)}`;

/** The chosen filters' names, in the shop's words: [[parameter names it sets, label]]. */
function chosen(values, facets) {
  const named = (list, key, value, label) => list.find((row) => row[key] === value)?.[label] ?? value;
  const { min_price: low, max_price: high } = values;
  const price = low && high ? `${money(low)} – ${money(high)}` : low ? `${money(low)} and over` : `Up to ${money(high)}`;
  return [
    values.category && [['category'], named(facets.categories, 'slug', values.category, 'name')],
    values.author && [['author'], named(facets.authors, 'slug', values.author, 'name')],
    values.level && [['level'], named(facets.levels, 'value', values.level, 'label')],
    values.format && [['format'], values.format],
    values.condition && [['condition'], named(facets.conditions ?? [], 'value', values.condition, 'label')],
    (low || high) && [['min_price', 'max_price'], price],
    values.rating && [['rating'], `${values.rating}★ & up`],
    values.in_stock && [['in_stock'], 'In stock'],
  ].filter(Boolean);
}

/** `shown`: the form values of the results shown; `facets`: the results (for the filters' names). */
export default function ChosenFilters({ term, shown, facets }) {
  const filters = chosen(shown, facets);
  if (filters.length === 0) return null;
  const without = (names) => searchHref(term, { ...shown, ...Object.fromEntries(names.map((name) => [name, ''])), page: '' });
  const links = filters.map(([names, label]) => ({
    href: without(names),
    label: (
      <>
        <VisuallyHidden>Remove filter: </VisuallyHidden>
        {label}
        <Close aria-hidden="true" sx={{ fontSize: 16, marginInlineStart: 0.5 }} />
      </>
    ),
  }));
  // With one filter its own chip clears it (and an href is a chip's key: no two alike).
  if (links.length > 1) links.push({ href: searchHref(term, { sort: shown.sort }), label: 'Clear filters' });
  return (
    <section className="chosen" aria-label="Chosen filters">
      <ChipLinks links={links} />
    </section>
  );
}
