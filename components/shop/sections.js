// The storefront sections a page shows under its header: hero carousel, product rows and grids, tiles, footer. Pages take them from
// ./deferred.jsx, which loads this module as one chunk after the page's first-load JavaScript.
export { default as BrandList, ChipLinks } from './BrandList.jsx';
export { default as CategoryShowcase } from './CategoryShowcase.jsx';
export { default as CategoryTiles } from './CategoryTiles.jsx';
export { default as Footer } from './Footer.jsx';
export { default as HeroCarousel } from './HeroCarousel.jsx';
export { default as ProductGrid } from './ProductGrid.jsx';
export { default as ProductRow } from './ProductRow.jsx';
export { default as PromoBanners } from './PromoBanners.jsx';
export { default as Section } from './Section.jsx';
export { default as ServiceList } from './ServiceList.jsx';
