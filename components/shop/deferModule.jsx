// Components of one lazily loaded chunk (the kit's sections, a shop's own sections, page parts,
// the side menu). The server renders them in full; the browser
// keeps that markup and hydrates each section when the chunk has arrived, so the code is not
// part of the page's first-load JavaScript.
//
//   const section = deferModule(() => import('./sections.js'));
//   export const HotDeals = section('HotDeals');
import { lazy, Suspense } from 'react';

export default function deferModule(load) {
  let module = null;
  let pending = null;

  const start = () => {
    pending ||= load().then((loaded) => {
      module = loaded;
      return loaded;
    });
    return pending;
  };

  // On the server the import settles while the bundle is evaluated, before the first render.
  if (typeof window === 'undefined') start();

  return function section(name) {
    const Lazy = lazy(() => {
      // A thenable that resolves at once: React renders without suspending once loaded.
      if (module) return { then: (resolve) => resolve({ default: module[name] }) };
      return start().then((loaded) => ({ default: loaded[name] }));
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
