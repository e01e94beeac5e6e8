// Client-side navigation: an in-app link fetches the next page's props as JSON from the same URL
// (Accept: application/json), loads that page's chunk, renders it and pushes history. The top
// loading bar (nprogress, no spinner) starts when navigation starts and finishes on completion
// or failure. On the server this only provides the current page.
// A page with a Content-Security-Policy of its own (the checkout lets Stripe.js in:
// app/http/security.py) is always loaded as a full page, so that the browser applies its policy.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import NProgress from 'nprogress';

const RouterContext = createContext({ navigate: () => {}, page: null, url: '/' });

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });

const FULL_PAGES = ['/checkout'];
const loadsAsFullPage = (url) => FULL_PAGES.includes(new URL(url, window.location.href).pathname);

async function fetchPage(url, loaders) {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (response.redirected && new URL(response.url).pathname !== new URL(url, window.location.href).pathname) {
    // The server sent us elsewhere (e.g. to sign in): follow it as a full page.
    window.location.assign(response.url);
    return null;
  }
  const data = await response.json();
  if (!data || !data.page || !loaders[data.page]) throw new Error(data?.message || `Cannot open ${url}`);
  const module = await loaders[data.page]();
  return { ...data, Page: module.default, url: response.url };
}

export function RouterProvider({ initial, loaders, children }) {
  const [current, setCurrent] = useState(initial);
  const latest = useRef(0);

  const go = useCallback(
    async (url, { push = true } = {}) => {
      if (loadsAsFullPage(url)) {
        if (push) window.location.assign(url);
        else window.location.replace(url);
        return;
      }
      const ticket = ++latest.current;
      NProgress.start();
      try {
        const next = await fetchPage(url, loaders);
        if (!next || ticket !== latest.current) return;
        if (push) window.history.pushState({}, '', url);
        document.documentElement.dataset.theme = next.theme;
        // The next page's own title travels in its JSON (app/pages/render.py page_document).
        if (next.meta?.title) document.title = next.meta.title;
        setCurrent(next);
        window.scrollTo(0, 0);
      } catch {
        if (ticket === latest.current) window.location.assign(url);
      } finally {
        if (ticket === latest.current) NProgress.done();
      }
    },
    [loaders],
  );

  useEffect(() => {
    const onPop = () => go(window.location.pathname + window.location.search, { push: false });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [go]);

  const value = useMemo(() => ({ ...current, navigate: go }), [current, go]);
  return <RouterContext.Provider value={value}>{children(current)}</RouterContext.Provider>;
}

export const useRouter = () => useContext(RouterContext);

export function StaticRouter({ page, children }) {
  return <RouterContext.Provider value={page}>{children(page)}</RouterContext.Provider>;
}

// True for a plain left click on a same-origin link that the router can take over.
export function isRoutableClick(event, href) {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (!href || href.startsWith('#')) return false;
  const target = event.currentTarget.getAttribute('target');
  if (target && target !== '_self') return false;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || loadsAsFullPage(url)) return false;
  return !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/');
}
