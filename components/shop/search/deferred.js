// Filters, sort, page links and the empty state: server-rendered, hydrated once their chunk has arrived.
import deferModule from '../deferModule.jsx';

const part = deferModule(() => import('./parts.js'));

export const ChosenFilters = /* @__PURE__ */ part('ChosenFilters');
export const NoResults = /* @__PURE__ */ part('NoResults');
export const PageLinks = /* @__PURE__ */ part('PageLinks');
export const SearchFilters = /* @__PURE__ */ part('SearchFilters');
export const SortSelect = /* @__PURE__ */ part('SortSelect');
