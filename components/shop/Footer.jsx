// The footer, in the theme's dark secondary colour: about the store, every storefront, customer
// links and contact details.
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import Logo from './Logo.jsx';
import { STOREFRONTS, searchUrl } from './links.js';

const BOOKS = ['School Books', 'College Books', 'Story Books'].map((name) => ({ label: name, href: searchUrl(name) }));
const CUSTOMER_CARE = [
  { label: 'School booklists', href: '/booklists' },
  { label: 'Your cart', href: '/cart' },
  { label: 'Checkout', href: '/checkout' },
];

const Wrapper = sharedStyled('footer', (theme) => ({
  marginTop: theme.spacing(6),
  background: theme.palette.secondary.main,
  color: '#E3E8EF',
  '& .inner': {
    display: 'grid',
    gridTemplateColumns: '2fr 1.3fr 1fr 1.3fr',
    gap: theme.spacing(4),
    maxWidth: 1280,
    marginInline: 'auto',
    padding: theme.spacing(7, 2, 5),
    [theme.breakpoints.down('md')]: { gridTemplateColumns: '1fr 1fr' },
    [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr', gap: theme.spacing(3), padding: theme.spacing(5, 2, 4) },
  },
  '& .about': { color: '#fff' },
  '& .about p': { margin: theme.spacing(2, 0, 0), maxWidth: 380, lineHeight: 1.7, color: '#E3E8EF' },
  '& h2': { margin: theme.spacing(0, 0, 1.5), fontSize: 17, fontWeight: 700, color: '#fff' },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.spacing(0.25) },
  '& .shops ul': { gridTemplateColumns: '1fr 1fr', columnGap: theme.spacing(2) },
  '& li a, & address a': {
    display: 'inline-block',
    padding: '4px 0',
    color: '#E3E8EF',
    textDecoration: 'none',
    '&:hover': { color: '#fff', textDecoration: 'underline' },
    '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 },
  },
  '& address': { fontStyle: 'normal', lineHeight: 1.9 },
  '& .legal': {
    maxWidth: 1280,
    marginInline: 'auto',
    padding: theme.spacing(2),
    borderTop: '1px solid rgba(255, 255, 255, 0.16)',
    fontSize: 13,
  },
}));

function LinkColumn({ title, links, className }) {
  return (
    <nav className={className} aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <RouterAnchor href={link.href}>{link.label}</RouterAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Footer() {
  return (
    <Wrapper>
      <div className="inner">
        <div className="about">
          <Logo light />
          <p>
            Student Books is an online book store for school, college and story books, delivered to your door. Explore our demo shops too:
            groceries, gadgets, fashion, furniture, health &amp; beauty and gifts.
          </p>
        </div>
        <LinkColumn title="Our shops" links={STOREFRONTS} className="shops" />
        <LinkColumn title="Books" links={[...BOOKS, ...CUSTOMER_CARE]} />
        <div>
          <h2>Contact us</h2>
          <address>
            12 College Road, Booktown
            <br />
            <a href="mailto:help@studentbooks.example">help@studentbooks.example</a>
            <br />
            <a href="tel:+15550123456">+1 555 012 3456</a>
          </address>
        </div>
      </div>
      <p className="legal">© Student Books. All rights reserved.</p>
    </Wrapper>
  );
}
