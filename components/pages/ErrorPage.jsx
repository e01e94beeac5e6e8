// Not found, server error, ...: the message, a search box and a way home, inside the shop.
import { sharedStyled } from '../common/sharedStyles.js';
import ButtonLink from '../shop/ButtonLink.jsx';
import SearchForm from '../shop/SearchForm.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';

const Panel = sharedStyled('div', (theme) => ({
  maxWidth: 560,
  margin: theme.spacing(6, 'auto'),
  padding: theme.spacing(5, 4),
  borderRadius: 8,
  textAlign: 'center',
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& .status': { margin: 0, fontSize: 64, fontWeight: 700, lineHeight: 1, color: theme.palette.primary.main },
  '& h1': { margin: theme.spacing(2, 0, 1), fontSize: 26 },
  '& p': { margin: theme.spacing(0, 0, 3), color: theme.palette.text.secondary },
  '& .search': { marginBottom: theme.spacing(3) },
  [theme.breakpoints.down('sm')]: { margin: theme.spacing(3, 'auto'), padding: theme.spacing(4, 2) },
}));

export default function ErrorPage({ status, title, message }) {
  return (
    <ShopLayout>
      <Panel>
        <p className="status">{status}</p>
        <h1>{title}</h1>
        <p>{message}</p>
        <div className="search">
          <SearchForm />
        </div>
        <ButtonLink href="/">Back to the home page</ButtonLink>
      </Panel>
    </ShopLayout>
  );
}
