// Browser entry: hydrates the server-rendered page named in the document, then routes on the client.
import { startTransition } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import loaders from 'app-pages';
import App from './common/App.jsx';
import { RouterProvider } from './common/router.jsx';
import styleNonce from './common/styleNonce.js';

// The server render's styles are taken over by key ('css', as in server.jsx); new ones carry the nonce.
const styles = createCache({ key: 'css', nonce: styleNonce() });

async function start() {
  const page = JSON.parse(document.getElementById('__PAGE__').textContent);
  const Page = (await loaders[page.page]()).default;
  const root = document.getElementById('root');
  const tree = (
    <CacheProvider value={styles}>
      <RouterProvider initial={{ ...page, Page, url: window.location.href }} loaders={loaders}>
        {(current) => (
          <App page={current}>
            <current.Page {...current.props} />
          </App>
        )}
      </RouterProvider>
    </CacheProvider>
  );
  // A page whose server render failed arrives empty: the browser renders it instead.
  // Hydrating in a transition lets React yield to the browser every few milliseconds, so the
  // server markup stays responsive to taps while the page comes to life (no long task).
  if (root.firstChild) startTransition(() => hydrateRoot(root, tree));
  else createRoot(root).render(tree);
}

start();
