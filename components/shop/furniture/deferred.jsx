// The furniture shop's own sections, out of the page's first-load JavaScript (see
// ../deferModule.jsx).
import deferModule from '../deferModule.jsx';

const deferred = /* @__PURE__ */ deferModule(() => import('./FurnitureGrid.jsx'));

export const FurnitureGrid = /* @__PURE__ */ deferred('default');
