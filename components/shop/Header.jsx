// The storefront header: logo, search, the account link and the cart on one row; on a phone the
// search box gets a row of its own under the logo, the account link and the cart.
import { sharedStyled } from '../common/sharedStyles.js';
import AccountLink from './AccountLink.jsx';
import CartButton from './CartButton.jsx';
import Logo from './Logo.jsx';
import SearchForm from './SearchForm.jsx';

const Bar = sharedStyled('header', (theme) => ({
  position: 'relative',
  zIndex: 3,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 2px rgba(3, 0, 71, 0.08)',
  color: theme.palette.text.primary,
  '& .inner': {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 680px) auto',
    gridTemplateAreas: '"logo search cart"',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: theme.spacing(3),
    maxWidth: 1280,
    minHeight: 80,
    marginInline: 'auto',
    padding: theme.spacing(0, 2),
  },
  '& .logo': { gridArea: 'logo' },
  '& .search': { gridArea: 'search', width: '100%' },
  '& .cart': { gridArea: 'cart', display: 'flex', alignItems: 'center', gap: theme.spacing(1) },
  [theme.breakpoints.down('sm')]: {
    '& .inner': {
      gridTemplateColumns: '1fr auto',
      gridTemplateAreas: '"logo cart" "search search"',
      rowGap: theme.spacing(1),
      columnGap: theme.spacing(1.5),
      minHeight: 0,
      padding: theme.spacing(1.25, 1.5, 1.5),
    },
  },
}));

export default function Header({ searchTerm = '' }) {
  return (
    <Bar>
      <div className="inner">
        <div className="logo">
          <Logo />
        </div>
        <div className="search">
          {/* Keyed by the term: a search reached by client-side navigation shows its own term. */}
          <SearchForm key={searchTerm} defaultValue={searchTerm} />
        </div>
        <div className="cart">
          <AccountLink />
          <CartButton />
        </div>
      </div>
    </Bar>
  );
}
