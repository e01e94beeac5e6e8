// V8 entry: globalThis.renderPage(name, pageJson) -> the page's critical CSS, its style ids and its
// markup as one string (see answer below; app/ssr.py reads it).
// Each render gets its own emotion cache in compat mode, so no per-element <style> tags are
// emitted; the styles this render inserted become one critical-CSS block in the document head.
import './server-polyfills.js';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import pages from 'app-pages';
import App from './common/App.jsx';
import { StaticRouter } from './common/router.jsx';

// "S" css NUL ids NUL markup: JSON.stringify of the markup took a sixth of a storefront's render,
// and only the markup may hold any character. Styles or ids with a NUL (never seen) go as JSON.
const SEPARATOR = '\u0000';
function answer(html, css, ids) {
  if (css.includes(SEPARATOR) || ids.includes(SEPARATOR)) return `J${JSON.stringify({ html, css, ids })}`;
  return `S${css}${SEPARATOR}${ids}${SEPARATOR}${html}`;
}

globalThis.renderPage = function renderPage(name, pageJson) {
  const Page = pages[name];
  if (!Page) throw new Error(`Unknown page ${name}`);
  const page = JSON.parse(pageJson);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <StaticRouter page={page}>
        {(current) => (
          <App page={current}>
            <Page {...current.props} />
          </App>
        )}
      </StaticRouter>
    </CacheProvider>,
  );
  const ids = [];
  let css = '';
  for (const [id, style] of Object.entries(cache.inserted)) {
    if (typeof style === 'string') {
      ids.push(id);
      css += style;
    }
  }
  return answer(html, css, ids.join(' '));
};

// What the server's pool calls: the page's name and its JSON come as `this` ("name\n" + JSON), a
// value mini-racer hands V8 apart from any source code. Inside the source of an eval, a storefront's
// 35 KB of props cost V8 0.2-0.4 ms to scan and compile on every miss; as `this` they cost a
// copy. renderPage is looked up at each call, so a bundle that replaces it (tests) is obeyed.
globalThis.renderRequest = function renderRequest() {
  const request = String(this);
  const end = request.indexOf('\n');
  return globalThis.renderPage(request.slice(0, end), request.slice(end + 1));
};

globalThis.listPages = () => JSON.stringify(Object.keys(pages));
