// V8 entry: globalThis.renderPage(name, pageJson) -> the page's markup, the ids of its styles and
// the text of those styles this isolate has not answered before, as one string (see answer below;
// app/rendering/v8.py reads it).
// Each render gets its own emotion cache in compat mode, so no per-element <style> tags are
// emitted; the styles this render inserted become one critical-CSS block in the document head.
import './server-polyfills.js';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import pages from 'app-pages';
import App from './common/App.jsx';
import { StaticRouter } from './common/router.jsx';

// "S" ids NUL count NUL (id NUL style NUL) x count, markup: JSON.stringify of the markup took a
// sixth of a storefront's render, and only the markup (last) may hold any character. A style with
// a NUL (never seen) sends the answer as JSON.
const SEPARATOR = '\u0000';
function answer(html, ids, fresh) {
  if (fresh.some(([, style]) => style.includes(SEPARATOR))) {
    return `J${JSON.stringify({ html, ids, styles: Object.fromEntries(fresh) })}`;
  }
  let styles = '';
  for (const [id, style] of fresh) styles += `${id}${SEPARATOR}${style}${SEPARATOR}`;
  return `S${ids}${SEPARATOR}${fresh.length}${SEPARATOR}${styles}${html}`;
}

// The emotion ids whose style text this isolate has answered: an id names its style's text (a hash
// of it), so the server keeps each text once per isolate and a render sends only its ids after
// that. The 20-28 KB of a page's styles had crossed out of V8 on every render, a fifth to two
// thirds of the answer.
const answered = new Set();

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
  const fresh = [];
  for (const [id, style] of Object.entries(cache.inserted)) {
    if (typeof style === 'string') {
      ids.push(id);
      if (!answered.has(id)) {
        answered.add(id);
        fresh.push([id, style]);
      }
    }
  }
  return answer(html, ids.join(' '), fresh);
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
