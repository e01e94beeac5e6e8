// The gadget store's own sections, one chunk loaded after the page's first-load JavaScript
// (see ./deferred.jsx).
export { default as BlogCards } from '../BlogCards.jsx';
export { default as GadgetHero } from './GadgetHero.jsx';
