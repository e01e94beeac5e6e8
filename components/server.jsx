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
// sixth of a storefront's render. No field holds a NUL, so answers joined by NUL still split into
// their fields (renderRequests): markup or a style with a NUL (never seen) sends the answer as JSON,
// which writes a NUL as an escape.
const SEPARATOR = '\u0000';
function answer(html, ids, fresh) {
  if (html.includes(SEPARATOR) || fresh.some(([, style]) => style.includes(SEPARATOR))) {
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

// What the server's pool calls, with the pages that wait for this isolate (app/rendering/v8.py):
// under load one call renders several, and the fixed cost of a call into V8 and of its answer's
// way back is paid once for them all. The requests come as `this`, each "name\n" + JSON, joined by
// NUL (JSON text holds no raw NUL, a page's name neither): a value mini-racer hands V8 apart from any
// source code. Inside the source of an eval, a storefront's 35 KB of props cost V8 0.2-0.4 ms to
// scan and compile on every miss; as `this` they cost a copy. The answers come back in the same
// order joined by NUL, each answer()'s, or "E" and the error a page threw: one page's bug fails that
// page, not the others in its call. renderPage is looked up at each call, so a bundle that
// replaces it (tests) is obeyed.
globalThis.renderRequests = function renderRequests() {
  const answers = String(this)
    .split(SEPARATOR)
    .map((request) => {
      const end = request.indexOf('\n');
      try {
        return globalThis.renderPage(request.slice(0, end), request.slice(end + 1));
      } catch (error) {
        return `E${String(error).replaceAll(SEPARATOR, ' ')}`;
      }
    });
  return answers.join(SEPARATOR);
};

globalThis.listPages = () => JSON.stringify(Object.keys(pages));
