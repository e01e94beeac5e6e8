// The search page's parts, loaded after its first-load JavaScript (see ../deferModule.jsx).
// The filter form and the sort select are a plain GET form until they hydrate, so they work
// from the first paint.
export { default as ChosenFilters } from './ChosenFilters.jsx';
export { default as NoResults } from './NoResults.jsx';
export { default as PageLinks } from './PageLinks.jsx';
export { default as SearchFilters } from './SearchFilters.jsx';
export { default as SortSelect } from './SortSelect.jsx';
