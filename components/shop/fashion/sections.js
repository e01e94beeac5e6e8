// The fashion shop's own sections, one chunk loaded after the page's first-load JavaScript
// (see ./deferred.jsx).
export { default as AllProducts } from './AllProducts.jsx';
export { default as BlogCards } from '../BlogCards.jsx';
export { default as DealsOfTheWeek } from './DealsOfTheWeek.jsx';
export { default as HotDeals } from './HotDeals.jsx';
export { default as ProductLists } from './ProductLists.jsx';
