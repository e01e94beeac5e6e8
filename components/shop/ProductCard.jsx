// A product on a storefront: picture, discount chip, title (the link to the product page),
// rating, price (sale price, the old price struck through), the other offers' lowest prices
// ("3 offers from $4.20", "Used from $4.20") and an add-to-cart button (of the buy box).
// ONE class per card, with child selectors for everything in it (rating bar, add button,
// screen-reader text), serialized once per theme (common/sharedStyles.js): a storefront renders
// 60 cards (DESIGN.md, Known pitfalls: sx/Box on every card is slow). For the same reason the
// add button draws its "+" with CSS rather than an icon.
import visuallyHidden from '@mui/utils/visuallyHidden';
import RouterAnchor from '../common/RouterAnchor.jsx';
import sharedStyles from '../common/sharedStyles.js';
import { notify } from '../common/toast.jsx';
import { lineKey, useCart } from '../state/cart.jsx';
import { otherOffers } from './copies.js';
import { RatingBar, ratingStyles } from './RatingStars.jsx';
import { formatPrice, salePrice } from './money.js';
import { productUrl } from './links.js';
import WishHeart, { wishHeartStyles } from './WishHeart.jsx';

// The picture's size a card gives the browser before it loads: a book's cover is portrait (3:4),
// other goods have square pictures.
const COVER = { width: 300, height: 400 };
const GOODS_PICTURE = { width: 400, height: 400 };

const useCardClass = sharedStyles((theme) => ({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  background: theme.palette.background.paper,
  borderRadius: 8,
  overflow: 'hidden',
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  transition: 'box-shadow 200ms',
  '&:hover': { boxShadow: '0 6px 18px rgba(3, 0, 71, 0.14)' },
  // The picture's box is the card's, whatever the picture: fixed before it loads (a lazy picture
  // that grew its box as it came in moved the rest of the page under the shopper's pointer) and
  // never grown by one of another shape. The ratio is the picture's, inside the padding.
  '& .media': {
    display: 'block',
    boxSizing: 'content-box',
    aspectRatio: '1 / 1',
    overflow: 'hidden',
    padding: theme.spacing(1.5),
    background: theme.palette.grey[100],
  },
  '&.book .media': { aspectRatio: `${COVER.width} / ${COVER.height}` },
  '& .media img': { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
  // Square goods pictures have a plain margin round the subject: a wide card crops it away.
  '&.wide .media': { aspectRatio: '4 / 3', padding: 0 },
  '&.wide .media img': { objectFit: 'cover' },
  '& .off': {
    position: 'absolute',
    top: 10,
    left: 10,
    padding: '2px 8px',
    borderRadius: 12,
    fontSize: 12,
    fontWeight: 600,
    lineHeight: '18px',
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
  },
  '& .body': {
    display: 'flex',
    flexDirection: 'column',
    gap: 6,
    flexGrow: 1,
    padding: theme.spacing(1.5, 1.5, 1.5),
  },
  '& h3': {
    margin: 0,
    fontSize: 14,
    fontWeight: 600,
    lineHeight: 1.4,
    // Two lines at most, so cards of one row line up.
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    minHeight: '2.8em',
  },
  '& h3 a': { color: 'inherit', textDecoration: 'none' },
  '& h3 a:hover': { color: theme.palette.primary.main },
  '& h3 a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  // The whole card is clickable through the title link, without nesting interactive elements.
  '& h3 a::after': { content: '""', position: 'absolute', inset: 0 },
  '& .author': { margin: 0, fontSize: 12, color: theme.palette.text.secondary },
  // One line each: a separator between them would start the second line when a narrow card wraps.
  '& .offers': {
    display: 'flex',
    flexDirection: 'column',
    margin: 0,
    fontSize: 12,
    color: theme.palette.text.secondary,
  },
  '& .foot': { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 8, marginTop: 'auto' },
  '& .price': { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 8 },
  '& .now': { fontSize: 16, fontWeight: 700, color: theme.palette.primary.main },
  '& .was': { fontSize: 13, color: theme.palette.text.secondary },
  '& .rating': ratingStyles(16),
  '& .sr-only': visuallyHidden,
  // Above the stretched title link, in the picture's corner.
  '& .wish': { ...wishHeartStyles(theme), top: 8, right: 8 },
  '& .add': {
    // Above the stretched title link, so it gets its own clicks.
    position: 'relative',
    zIndex: 1,
    flexShrink: 0,
    width: 32,
    height: 32,
    padding: 0,
    border: `1px solid ${theme.palette.primary.main}`,
    borderRadius: 6,
    background: theme.palette.background.paper,
    color: theme.palette.primary.main,
    cursor: 'pointer',
    transition: 'background-color 150ms, color 150ms',
    '&:hover': { background: theme.palette.primary.main, color: theme.palette.primary.contrastText },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    // The "+": two bars in the button's text colour.
    '&::before, &::after': {
      content: '""',
      position: 'absolute',
      top: '50%',
      left: '50%',
      width: 14,
      height: 2,
      margin: '-1px 0 0 -7px',
      borderRadius: 1,
      background: 'currentColor',
    },
    '&::after': { transform: 'rotate(90deg)' },
  },
  [theme.breakpoints.down('sm')]: {
    '& .body': { padding: theme.spacing(1) },
    '& .now': { fontSize: 15 },
  },
}));

/** `wide`: a 4:3 picture (cropped) instead of the whole square one, for dense sections of goods. */
export default function ProductCard({ product, eager = false, wide = false, headingLevel = 3 }) {
  const { items, changeAmount } = useCart();
  const card = useCardClass();
  const { id, title, price, discount = 0, rating, imgUrl, author } = product;
  const href = productUrl(id);
  const now = salePrice(price, discount);
  const Heading = `h${headingLevel}`;
  const others = otherOffers(product, now);
  const book = Boolean(product.isbn);

  const addToCart = () => {
    const inCart = items.find((item) => lineKey(item) === String(id));
    changeAmount({ id: String(id), name: title, price: now, imgUrl, qty: (inCart?.qty || 0) + 1 });
    notify.success(`${title} added to your cart`);
  };

  return (
    <article className={[card, wide && 'wide', book && 'book'].filter(Boolean).join(' ')}>
      <span className="media">
        {imgUrl && <img src={imgUrl} alt={title} {...(book ? COVER : GOODS_PICTURE)} loading={eager ? 'eager' : 'lazy'} decoding="async" />}
      </span>
      <WishHeart id={id} title={title} />
      {discount > 0 && (
        // "-25%" reads the same in a right-to-left page.
        <span className="off" dir="ltr">
          -{discount}%
        </span>
      )}
      <div className="body">
        <Heading>
          <RouterAnchor href={href}>{title}</RouterAnchor>
        </Heading>
        {author && <p className="author">{author}</p>}
        {rating > 0 && <RatingBar value={rating} />}
        {others.length > 0 && (
          <p className="offers">
            {others.map((words) => (
              <span key={words}>{words}</span>
            ))}
          </p>
        )}
        <div className="foot">
          <div className="price">
            <span className="now">{formatPrice(now)}</span>
            {discount > 0 && (
              <s className="was">
                <span className="sr-only">Original price </span>
                {formatPrice(price)}
              </s>
            )}
          </div>
          <button type="button" className="add" aria-label={`Add ${title} to cart`} onClick={addToCart} />
        </div>
      </div>
    </article>
  );
}
