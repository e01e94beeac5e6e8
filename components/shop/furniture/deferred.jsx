// The furniture shop's own sections, out of the page's first-load JavaScript (see
// ../navigation/deferredModule.jsx).
import deferredModule from '../navigation/deferredModule.jsx';

const deferred = /* @__PURE__ */ deferredModule(() => import('./FurnitureGrid.jsx'));

export const FurnitureGrid = /* @__PURE__ */ deferred('default');
