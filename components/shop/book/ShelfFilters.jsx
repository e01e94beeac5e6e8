// A book page's filters: subject and format (with counts), and the price range, in the shared
// filter panel (../search/FilterPanel.jsx).
import FilterPanel from '../search/FilterPanel.jsx';
import { activeFilters } from '../search/searchHref.js';
import { SHELF_FILTERS, shelfHref } from './shelfHref.js';

const choices = (facet) => facet.map(({ value, count }) => ({ value, label: value, count }));

/** `url`: the page's own address; subjects, formats: [{value, count}]. */
export default function ShelfFilters({ formId, url, subjects, formats, values, change, submit }) {
  const lists = [
    { name: 'subject', legend: 'Subject', all: 'All subjects', options: choices(subjects) },
    { name: 'format', legend: 'Format', all: 'All formats', options: choices(formats) },
  ];
  return (
    <FilterPanel
      formId={formId}
      action={url}
      lists={lists}
      values={values}
      change={change}
      submit={submit}
      active={activeFilters(values, SHELF_FILTERS)}
      clearHref={shelfHref(url, { sort: values.sort })}
    />
  );
}
