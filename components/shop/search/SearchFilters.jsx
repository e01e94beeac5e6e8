// A results page's filters (the search page's and the book pages'), each choice with how many
// results it would leave under the other filters (db/queries/search.py counts them): category,
// author (the ten with most matches), level, format, condition (New, Used), subject (book pages),
// price (ranges of the lowest offer's price, or typed), customer rating and "In stock only", in the shared filter panel (./FilterPanel.jsx).
// A list with no choices is left out (a level page has no level list: it is the level).
import Star from '../../icons/Star.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';
import FilterPanel, { Choice } from './FilterPanel.jsx';
import { activeFilters, FILTERS } from './searchHref.js';

const text = (value) => (value === null || value === undefined ? '' : String(value));

/** The price ranges as links: one range sets both min_price and max_price. */
function PriceRanges({ hrefOf: pageHref, prices, values }) {
  const hrefOf = (low, high) => pageHref({ ...values, min_price: text(low), max_price: text(high), page: '' });
  const chosen = (low, high) => Number(values.min_price || 0) === (low || 0) && values.max_price === text(high);
  const any = !values.min_price && !values.max_price;
  return (
    <ul>
      <li>
        <RouterAnchor className="choice" href={hrefOf(null, null)} aria-current={any ? 'true' : undefined}>
          <span className="name">Any price</span>
        </RouterAnchor>
      </li>
      {prices.map(({ label, min, max, count }) => (
        <li key={label}>
          <RouterAnchor className="choice" href={hrefOf(min, max)} aria-current={!any && chosen(min, max) ? 'true' : undefined}>
            <span className="name">{label}</span>
            <span className="count">{count}</span>
          </RouterAnchor>
        </li>
      ))}
    </ul>
  );
}

/**
 * `facets`: the results' categories, authors, levels, formats, subjects, prices, ratings and
 * inStock count; `action`: the page's own address; `hrefOf(values)`: its address for other
 * values; `names`: the filters the page has (counted on the phone's "Filters" button).
 */
export default function SearchFilters({ formId, action, hrefOf, facets, values, change, submit, names = FILTERS }) {
  const { categories, authors, levels, formats, subjects = [], conditions = [], prices, ratings, inStock } = facets;
  const lists = [
    {
      name: 'category',
      legend: 'Category',
      all: 'All categories',
      options: categories.map((category) => ({ value: category.slug, label: category.name, count: category.count })),
    },
    {
      name: 'author',
      legend: 'Author',
      all: 'All authors',
      options: authors.map((a) => ({ value: a.slug, label: a.name, count: a.count })),
    },
    {
      name: 'level',
      legend: 'Class / level',
      all: 'All levels',
      options: levels.map((l) => ({ value: l.value, label: l.label, count: l.count })),
    },
    {
      name: 'format',
      legend: 'Format',
      all: 'All formats',
      options: formats.map((f) => ({ value: f.value, label: f.value, count: f.count })),
    },
    {
      name: 'condition',
      legend: 'Condition',
      all: 'Any condition',
      options: conditions.filter((c) => c.count > 0 || values.condition === c.value),
    },
    {
      name: 'subject',
      legend: 'Subject',
      all: 'All subjects',
      options: subjects.map((s) => ({ value: s.value, label: s.value, count: s.count })),
    },
  ].filter((list) => list.options.length > 0);
  return (
    <FilterPanel
      formId={formId}
      action={action}
      lists={lists}
      values={values}
      change={change}
      submit={submit}
      active={activeFilters(values, names)}
      clearHref={hrefOf({ sort: values.sort })}
      prices={<PriceRanges hrefOf={hrefOf} prices={prices} values={values} />}
    >
      <fieldset>
        <legend>Customer rating</legend>
        <Choice name="rating" value="" checked={!values.rating} onChange={change}>
          Any rating
        </Choice>
        {ratings.map(({ stars, count }) => (
          <Choice key={stars} name="rating" value={String(stars)} checked={values.rating === String(stars)} onChange={change} count={count}>
            {stars} <Star />
            <VisuallyHidden>stars</VisuallyHidden> &amp; up
          </Choice>
        ))}
      </fieldset>
      <fieldset>
        <legend>Availability</legend>
        <label className="choice">
          <input
            type="checkbox"
            name="in_stock"
            value="1"
            checked={values.in_stock === '1'}
            onChange={(event) => change('in_stock', event.target.checked ? '1' : '')}
          />
          <span className="name">In stock only</span>
          <span className="count">{inStock}</span>
        </label>
      </fieldset>
    </FilterPanel>
  );
}
