// The grocery sections (banner, category bar, services, offer cards, testimonials) load as one
// chunk after the page's first-load JavaScript (see ../deferModule.jsx): they are links and
// pictures that need no script to be seen or used, and the server renders them in full.
import deferModule from '../deferModule.jsx';

const section = /* @__PURE__ */ deferModule(() => import('./sections.js'));

export const CategoryBar = /* @__PURE__ */ section('CategoryBar');
export const GroceryHero = /* @__PURE__ */ section('GroceryHero');
export const OfferCards = /* @__PURE__ */ section('OfferCards');
export const ServiceStrip = /* @__PURE__ */ section('ServiceStrip');
export const Testimonials = /* @__PURE__ */ section('Testimonials');
