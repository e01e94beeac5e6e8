// Storefront sections (everything under the header: carousel, rows, grids, tiles, footer) whose code is not part of a page's first-load JavaScript (DESIGN.md
// budget: 120 KB gzip, of which the framework takes ~110). The server renders them in full,
// so the page paints complete and crawlers read every product; the browser fetches their chunk
// while it hydrates the header and hero, and hydrates each section when the chunk arrives
// (React keeps the server markup of a suspended <Suspense> boundary until then).
//
// The mechanism is ./deferModule.jsx: on the server the import has settled before the first
// render (V8 runs pending promise jobs when the bundle's evaluation returns), so renders never
// suspend there.
import deferModule from './deferModule.jsx';

const deferredSection = /* @__PURE__ */ deferModule(() => import('./sections.js'));

export const BrandList = /* @__PURE__ */ deferredSection('BrandList');
export const ChipLinks = /* @__PURE__ */ deferredSection('ChipLinks');
export const CategoryShowcase = /* @__PURE__ */ deferredSection('CategoryShowcase');
export const CategoryTiles = /* @__PURE__ */ deferredSection('CategoryTiles');
export const Footer = /* @__PURE__ */ deferredSection('Footer');
export const HeroCarousel = /* @__PURE__ */ deferredSection('HeroCarousel');
export const ProductGrid = /* @__PURE__ */ deferredSection('ProductGrid');
export const ProductRow = /* @__PURE__ */ deferredSection('ProductRow');
export const PromoBanners = /* @__PURE__ */ deferredSection('PromoBanners');
export const Section = /* @__PURE__ */ deferredSection('Section');
export const ServiceList = /* @__PURE__ */ deferredSection('ServiceList');
