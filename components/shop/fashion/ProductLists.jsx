// Short product lists side by side ("On sale", "Popular", ...): each a card with a small
// picture, the name (the link to the product), the rating and the price per line. Denser than
// product cards, for lists a shopper scans rather than browses. On a phone the lists form one
// swipeable row.
import { sharedStyled } from '../../common/sharedStyles.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import RatingStars from '../RatingStars.jsx';
import Section from '../Section.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';
import { productUrl } from '../links.js';
import { formatPrice, salePrice } from '../money.js';

const Columns = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: theme.spacing(3),
  marginBlock: theme.spacing(5),
  '& > section': { marginBlock: 0 },
  '& > section h2': { fontSize: 20 },
  // Narrower screens swipe from list to list instead of scrolling past all three.
  [theme.breakpoints.down('md')]: {
    gridTemplateColumns: 'none',
    gridAutoFlow: 'column',
    gridAutoColumns: 'minmax(280px, 46%)',
    gap: theme.spacing(2),
    overflowX: 'auto',
    overscrollBehaviorX: 'contain',
    scrollSnapType: 'x mandatory',
    padding: '2px 2px 8px',
    '& > section': { scrollSnapAlign: 'start' },
  },
  [theme.breakpoints.down('sm')]: { gridAutoColumns: '86%', gap: theme.spacing(1.5), marginBlock: theme.spacing(3.5) },
}));

const Lines = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& li': {
    position: 'relative',
    display: 'grid',
    gridTemplateColumns: '64px minmax(0, 1fr)',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    padding: theme.spacing(1, 0),
    '& + li': { borderTop: `1px solid ${theme.palette.grey[200]}` },
    '&:hover h3 a': { color: theme.palette.primary.main },
  },
  '& img, & .placeholder': {
    display: 'block',
    width: 64,
    height: 64,
    borderRadius: 6,
    objectFit: 'contain',
    background: theme.palette.grey[100],
  },
  '& .text': { display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 },
  '& h3': {
    margin: 0,
    fontSize: 14,
    fontWeight: 600,
    lineHeight: 1.35,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& h3 a': { color: theme.palette.text.primary, textDecoration: 'none' },
  '& h3 a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  // The whole line opens the product through its name.
  '& h3 a::after': { content: '""', position: 'absolute', inset: 0 },
  '& .price': { display: 'flex', alignItems: 'baseline', gap: 8, margin: 0 },
  '& .now': { fontSize: 15, fontWeight: 700, color: theme.palette.primary.main },
  '& .was': { fontSize: 13, color: theme.palette.text.secondary },
  '& .off': { fontSize: 12, fontWeight: 700, color: theme.palette.success.main },
}));

function ProductLine({ product }) {
  const { id, title, price, discount = 0, rating, imgUrl } = product;
  return (
    <li>
      {imgUrl ? <img src={imgUrl} alt="" width={400} height={400} loading="lazy" decoding="async" /> : <span className="placeholder" />}
      <div className="text">
        <h3>
          <RouterAnchor href={productUrl(id)}>{title}</RouterAnchor>
        </h3>
        {rating > 0 && <RatingStars value={rating} />}
        <p className="price">
          <span className="now">{formatPrice(salePrice(price, discount))}</span>
          {discount > 0 && (
            <>
              <s className="was">
                <VisuallyHidden>Original price </VisuallyHidden>
                {formatPrice(price)}
              </s>
              <span className="off">{discount}% off</span>
            </>
          )}
        </p>
      </div>
    </li>
  );
}

/** lists: [{title, icon?, products}], each list a section of its own. */
export default function ProductLists({ lists }) {
  return (
    <Columns>
      {lists.map((list) => (
        <Section key={list.title} title={list.title} icon={list.icon} card>
          <Lines>
            {list.products.map((product) => (
              <ProductLine key={product.id} product={product} />
            ))}
          </Lines>
        </Section>
      ))}
    </Columns>
  );
}
