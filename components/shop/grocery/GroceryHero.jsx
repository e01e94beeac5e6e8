// A grocery home's opening banner: the page's h1, a line of text, calls to action (real search
// links) and three products of the page's first list as round pictures, each a link to the
// product with its price. On a phone the pictures sit in a row under the text.
import { sharedStyled } from '../../common/sharedStyles.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import ButtonLink from '../ButtonLink.jsx';
import { productUrl } from '../links.js';
import { formatPrice, salePrice } from '../money.js';

const Banner = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)',
  alignItems: 'center',
  gap: theme.spacing(4),
  padding: theme.spacing(5, 7),
  borderRadius: 12,
  background: 'linear-gradient(120deg, #FFF6E9 0%, #FDFBF4 45%, #E9F6EC 100%)',
  '& .tag': {
    display: 'inline-block',
    margin: 0,
    padding: theme.spacing(0.5, 1.5),
    borderRadius: 14,
    fontSize: 13,
    fontWeight: 700,
    color: theme.palette.success.main,
    background: '#fff',
  },
  '& h1': {
    margin: theme.spacing(1.5, 0, 0),
    maxWidth: 520,
    fontSize: 40,
    fontWeight: 700,
    lineHeight: 1.2,
    color: theme.palette.text.primary,
  },
  '& .text': { maxWidth: 480, margin: theme.spacing(2, 0, 3), fontSize: 16, lineHeight: 1.6, color: theme.palette.text.secondary },
  '& .actions': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) },
  '& ul': {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gridTemplateRows: 'auto auto',
    gap: theme.spacing(2),
    justifyItems: 'center',
  },
  // The first product is the large one, the two others stand beside it.
  '& li:first-of-type': { gridRow: 'span 2', alignSelf: 'center', '& img': { width: 200, height: 200 } },
  '& li a': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: theme.spacing(1),
    color: theme.palette.text.primary,
    textDecoration: 'none',
    '&:hover .name': { color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 4, borderRadius: 8 },
  },
  '& img': {
    display: 'block',
    width: 120,
    height: 120,
    padding: theme.spacing(1.5),
    borderRadius: '50%',
    objectFit: 'contain',
    background: '#fff',
    boxShadow: '0 6px 20px rgba(3, 0, 71, 0.08)',
  },
  '& .label': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    padding: theme.spacing(0.5, 1.5),
    borderRadius: 8,
    background: 'rgba(255, 255, 255, 0.85)',
    textAlign: 'center',
  },
  '& .name': { fontSize: 14, fontWeight: 600 },
  '& .price': { fontSize: 14, fontWeight: 700, color: theme.palette.primary.main },
  [theme.breakpoints.down('md')]: {
    padding: theme.spacing(4),
    '& h1': { fontSize: 32 },
    '& li:first-of-type img': { width: 150, height: 150 },
    '& img': { width: 96, height: 96 },
  },
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: theme.spacing(2.5),
    padding: theme.spacing(3, 2),
    '& h1': { fontSize: 25 },
    '& .text': { margin: theme.spacing(1.5, 0, 2), fontSize: 15 },
    '& ul': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gridTemplateRows: 'auto', gap: theme.spacing(1) },
    '& li:first-of-type': { gridRow: 'auto', '& img': { width: 88, height: 88 } },
    '& img': { width: 88, height: 88, padding: theme.spacing(1) },
    '& .label': { padding: theme.spacing(0.25, 0.5) },
    '& .name, & .price': { fontSize: 12 },
  },
}));

/**
 * tag: a short line above the h1; title: the h1; text: one sentence;
 * actions: [{label, href, outlined?}] (search or category links); products: product records (the first three are shown).
 */
export default function GroceryHero({ tag, title, text, actions, products = [] }) {
  return (
    <Banner>
      <div>
        {tag && <p className="tag">{tag}</p>}
        <h1>{title}</h1>
        <p className="text">{text}</p>
        <div className="actions">
          {actions.map((action) => (
            <ButtonLink key={action.href} href={action.href} className={action.outlined ? 'outlined' : undefined}>
              {action.label}
            </ButtonLink>
          ))}
        </div>
      </div>
      {products.length > 0 && (
        <ul aria-label="Featured products">
          {products.slice(0, 3).map((product, index) => (
            <li key={product.id}>
              <RouterAnchor href={productUrl(product.id)}>
                <img
                  src={product.imgUrl}
                  alt=""
                  width={index === 0 ? 200 : 120}
                  height={index === 0 ? 200 : 120}
                  fetchPriority={index === 0 ? 'high' : undefined}
                />
                <span className="label">
                  <span className="name">{product.title}</span>
                  <span className="price">{formatPrice(salePrice(product.price, product.discount))}</span>
                </span>
              </RouterAnchor>
            </li>
          ))}
        </ul>
      )}
    </Banner>
  );
}
