// Every storefront page: a skip link, the header, the page in the content column, the footer.
import { sharedStyled } from '../common/sharedStyles.js';
import Container from './Container.jsx';
import { Footer } from './deferred.jsx';
import Header from './Header.jsx';

const Shell = sharedStyled('div', (theme) => ({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  background: theme.palette.background.default,
  '& > main': { flexGrow: 1, paddingTop: theme.spacing(3), [theme.breakpoints.down('sm')]: { paddingTop: theme.spacing(2) } },
  '& > .skip': {
    position: 'absolute',
    insetInlineStart: 8,
    top: -48,
    zIndex: 10,
    padding: theme.spacing(1, 2),
    borderRadius: 4,
    background: theme.palette.secondary.main,
    color: '#fff',
    '&:focus': { top: 8 },
  },
}));

// searchTerm: what the header's search box shows (the term of a search page).
export default function ShopLayout({ children, searchTerm }) {
  return (
    <Shell>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <Header searchTerm={searchTerm} />
      <main id="main">
        <Container>{children}</Container>
      </main>
      <Footer />
    </Shell>
  );
}
