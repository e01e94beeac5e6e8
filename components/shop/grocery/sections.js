// The grocery sections a page takes from ./deferred.jsx, loaded as one chunk after first paint.
export { default as CategoryBar } from './CategoryBar.jsx';
export { default as GroceryHero } from './GroceryHero.jsx';
export { default as OfferCards } from './OfferCards.jsx';
export { default as ServiceStrip } from './ServiceStrip.jsx';
export { default as Testimonials } from './Testimonials.jsx';
