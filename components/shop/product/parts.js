// The product page's parts, loaded after its first-load JavaScript (see ../deferModule.jsx).
// The buy box is not among them: adding to the cart works as soon as the page has hydrated.
export { default as BookDetails } from '../book/BookDetails.jsx';
export { default as Gallery } from './Gallery.jsx';
export { default as OffersDialog } from './OffersDialog.jsx';
export { default as Reviews } from './Reviews.jsx';
export { default as StockAlertForm } from '../StockAlertForm.jsx';
