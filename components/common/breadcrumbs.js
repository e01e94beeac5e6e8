// The breadcrumbs of the book, product, author, shelf and booklist pages: server-rendered, hydrated
// once their own small chunk has arrived (not part of a page's first-load JavaScript).
import deferModule from '../shop/deferModule.jsx';

export const Breadcrumbs = /* @__PURE__ */ deferModule(() => import('./Breadcrumbs.jsx'))('default');
