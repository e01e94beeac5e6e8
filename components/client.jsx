// Browser entry: hydrates the server-rendered page named in the document, then routes on the client.
import { hydrateRoot, createRoot } from 'react-dom/client';
import 'react-toastify/dist/ReactToastify.css';
import loaders from 'app-pages';
import App from './common/App.jsx';
import { RouterProvider } from './common/router.jsx';

async function start() {
  const page = JSON.parse(document.getElementById('__PAGE__').textContent);
  const Page = (await loaders[page.page]()).default;
  const root = document.getElementById('root');
  const tree = (
    <RouterProvider initial={{ ...page, Page, url: window.location.href }} loaders={loaders}>
      {(current) => (
        <App page={current}>
          <current.Page {...current.props} />
        </App>
      )}
    </RouterProvider>
  );
  // A page whose server render failed arrives empty: the browser renders it instead.
  if (root.firstChild) hydrateRoot(root, tree);
  else createRoot(root).render(tree);
}

start();
