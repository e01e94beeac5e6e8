// Parts of a page that are not needed to use its first screen (page links, reviews, an empty
// state), taken out of the page's first-load JavaScript (DESIGN.md budget: 120 KB gzip) into a
// chunk of their own. The same technique as ./deferred.jsx, for any module: the server renders
// the parts in full (the import has settled before the first render, as the bundle's evaluation
// runs pending promise jobs), and the browser keeps that markup until the chunk has arrived,
// then hydrates it. Only for parts whose markup works without hydration (links, text).
//
//   const part = deferredParts(() => import('./parts.js'));
//   export const Reviews = part('Reviews');
import { lazy, Suspense } from 'react';

export default function deferredParts(load) {
  let loaded = null;
  let pending = null;
  const loadParts = () => {
    pending ||= load().then((module) => {
      loaded = module;
      return module;
    });
    return pending;
  };
  if (typeof window === 'undefined') loadParts();

  return function part(name) {
    const Lazy = lazy(() => {
      // A thenable that settles at once when the chunk is there: React renders without suspending.
      if (loaded) return { then: (resolve) => resolve({ default: loaded[name] }) };
      return loadParts().then((module) => ({ default: module[name] }));
    });
    function Deferred(props) {
      return (
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      );
    }
    Deferred.displayName = `Deferred(${name})`;
    return Deferred;
  };
}
