// The search page's filters: category (with counts), price range and minimum rating, in the
// shared filter panel (./FilterPanel.jsx).
import Star from '@mui/icons-material/Star';
import VisuallyHidden from '../VisuallyHidden.jsx';
import FilterPanel, { Choice } from './FilterPanel.jsx';
import { activeFilters, searchHref } from './searchHref.js';

const RATINGS = [4, 3, 2, 1];

export default function SearchFilters({ formId, term, categories, values, change, submit }) {
  const lists = [
    {
      name: 'category',
      legend: 'Category',
      all: 'All categories',
      options: categories.map((category) => ({ value: category.slug, label: category.name, count: category.count })),
    },
  ];
  return (
    <FilterPanel
      formId={formId}
      action={searchHref(term)}
      lists={lists}
      values={values}
      change={change}
      submit={submit}
      active={activeFilters(values)}
      clearHref={searchHref(term, { sort: values.sort })}
    >
      <fieldset>
        <legend>Customer rating</legend>
        <Choice name="rating" value="" checked={!values.rating} onChange={change}>
          Any rating
        </Choice>
        {RATINGS.map((stars) => (
          <Choice key={stars} name="rating" value={String(stars)} checked={values.rating === String(stars)} onChange={change}>
            {stars} <Star aria-hidden="true" />
            <VisuallyHidden>stars</VisuallyHidden> &amp; up
          </Choice>
        ))}
      </fieldset>
    </FilterPanel>
  );
}
