// Components of a module whose code stays out of a page's first-load JavaScript (DESIGN.md
// budget: 120 KB gzip, most of it the framework), the way ../deferred.jsx does it for the kit's
// sections, for any module: the side menu, the furniture cards, ...
//
// The server renders them in full (the import is started when the bundle is evaluated and has
// settled before the first render), so the page paints complete and crawlers read every link.
// The browser fetches the module's chunk while it hydrates the rest and hydrates these parts
// when it arrives; React keeps the server markup of a suspended <Suspense> boundary until then.
import { lazy, Suspense } from 'react';

/** deferredModule(() => import('./Menu.jsx')) -> name -> a component rendering that export. */
export default function deferredModule(load) {
  let loaded = null;
  let pending = null;
  const start = () => {
    pending ||= load().then((module) => {
      loaded = module;
      return module;
    });
    return pending;
  };
  if (typeof window === 'undefined') start();

  return function deferred(name) {
    // A thenable that settles synchronously once the chunk is there: no suspension on the
    // server, nor after a client-side navigation back to a page whose chunk is loaded.
    const Lazy = lazy(() => {
      if (loaded) return { then: (resolve) => resolve({ default: loaded[name] }) };
      return start().then((module) => ({ default: module[name] }));
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
