// Pictures, a book's details and reviews: server-rendered, hydrated once their chunk has arrived.
import deferModule from '../deferModule.jsx';

const part = deferModule(() => import('./parts.js'));

export const BookDetails = /* @__PURE__ */ part('BookDetails');
export const Gallery = /* @__PURE__ */ part('Gallery');
export const OffersDialog = /* @__PURE__ */ part('OffersDialog');
export const Reviews = /* @__PURE__ */ part('Reviews');
export const StockAlertForm = /* @__PURE__ */ part('StockAlertForm');
