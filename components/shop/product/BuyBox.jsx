// The product's summary beside its pictures: title, who wrote, made or sells it, rating, and its
// buy box: the offer sold by default (price, the old price struck through, condition, seller and
// their rating, stock, how many to add to the cart) and a link to the other offers.
import { useState } from 'react';
import { styled } from '@mui/material/styles';
import AddShoppingCart from '../../icons/AddShoppingCart.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import AuthorLinks from '../book/AuthorLinks.jsx';
import { searchUrl } from '../links.js';
import { formatPrice, salePrice } from '../money.js';
import RatingStars, { ratingStyles } from '../RatingStars.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';
import { OffersDialog, StockAlertForm } from './deferred.js';
import { useAddOffer } from './addOffer.js';
import { conditionLabel } from '../copies.js';
import WishHeart, { wishHeartStyles } from '../WishHeart.jsx';
import QuantityPicker, { clampQuantity } from './QuantityPicker.jsx';

const LOW_STOCK = 10;
// The store's service promises (SPEC.md §9), repeated where the decision to buy is made.
const PROMISES = ['Fast delivery from $10', 'Money back within 7 days', '365 days free return', 'Secure payment'];

const Wrapper = styled('div')(({ theme }) => ({
  display: 'grid',
  alignContent: 'start',
  gap: theme.spacing(1.5),
  '& h1': {
    margin: 0,
    fontSize: 28,
    fontWeight: 700,
    lineHeight: 1.25,
    [theme.breakpoints.down('sm')]: { fontSize: 22 },
  },
  '& .who': {
    margin: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(0.5, 2.5),
    fontSize: 14,
    color: theme.palette.text.secondary,
  },
  '& .who strong': { color: theme.palette.text.primary, fontWeight: 600 },
  '& .who a': {
    color: theme.palette.text.primary,
    fontWeight: 600,
    textDecoration: 'none',
    '&:hover': { color: theme.palette.primary.main, textDecoration: 'underline' },
  },
  '& .score': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), fontSize: 14 },
  '& .rating': ratingStyles(18),
  '& .score a': { color: theme.palette.text.secondary, '&:hover': { color: theme.palette.primary.main } },
  '& .price': { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: theme.spacing(0.5, 1.5), marginTop: theme.spacing(0.5) },
  '& .now': { fontSize: 30, fontWeight: 700, color: theme.palette.primary.main },
  '& .unit': { fontSize: 14, color: theme.palette.text.secondary },
  '& .was': { fontSize: 17, color: theme.palette.text.secondary },
  '& .off': {
    alignSelf: 'center',
    padding: '2px 10px',
    borderRadius: 12,
    fontSize: 13,
    fontWeight: 600,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
  },
  '& .seller-rating': { marginInlineStart: theme.spacing(0.75), fontWeight: 600, color: '#A15C00' },
  '& .condition': { margin: 0, fontSize: 15 },
  '& .more': {
    justifySelf: 'start',
    padding: 0,
    border: 0,
    background: 'none',
    font: 'inherit',
    fontSize: 15,
    fontWeight: 600,
    color: theme.palette.primary.main,
    textDecoration: 'underline',
    cursor: 'pointer',
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  },
  '& .stock': { margin: 0, fontSize: 14, fontWeight: 600, color: theme.palette.success.main },
  '& .stock.low': { color: '#A15C00' },
  '& .stock.out': { color: theme.palette.error.main },
  '& .buy': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    marginTop: theme.spacing(1),
    paddingTop: theme.spacing(2),
    borderTop: `1px solid ${theme.palette.grey[200]}`,
  },
  '& .wish': {
    ...wishHeartStyles(theme),
    position: 'static',
    width: 44,
    height: 44,
    flexShrink: 0,
    boxShadow: 'none',
    border: `1px solid ${theme.palette.grey[300]}`,
  },
  '& .add': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: theme.spacing(1),
    flexGrow: 1,
    maxWidth: 320,
    minHeight: 44,
    padding: theme.spacing(0, 3),
    border: 0,
    borderRadius: 6,
    font: 'inherit',
    fontSize: 15,
    fontWeight: 600,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
    cursor: 'pointer',
    '&:hover': { background: theme.palette.primary.dark },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
    // A phone keeps the quantity, the button and the wishlist heart on one line.
    '@media (max-width: 420px)': { padding: theme.spacing(0, 1.5), '& svg': { display: 'none' } },
  },
  '& .promises': {
    listStyle: 'none',
    margin: theme.spacing(1, 0, 0),
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: theme.spacing(0.75, 2),
    fontSize: 14,
    color: theme.palette.text.secondary,
    '& li::before': { content: '"✓"', marginInlineEnd: theme.spacing(1), fontWeight: 700, color: theme.palette.success.main },
  },
}));

function stockStatus(stock) {
  if (stock <= 0) return { className: 'stock out', text: 'Out of stock' };
  if (stock <= LOW_STOCK) return { className: 'stock low', text: `Only ${stock} left in stock` };
  return { className: 'stock', text: 'In stock' };
}

function AddToCart({ product, offer }) {
  const add = useAddOffer(product);
  const [wanted, setWanted] = useState(1);
  const stock = offer?.stock ?? 0;
  const soldOut = stock <= 0;
  const onAdd = () => {
    if (add(offer, clampQuantity(wanted, stock))) setWanted(1);
  };

  return (
    <div className="buy">
      <QuantityPicker value={wanted} max={Math.max(stock, 1)} onChange={setWanted} disabled={soldOut} />
      <button type="button" className="add" onClick={onAdd} disabled={soldOut}>
        <AddShoppingCart />
        Add to cart
      </button>
      <WishHeart id={product.id} title={product.title} />
    </div>
  );
}

// "3 more offers from $4.20", opening the list of every offer.
function MoreOffers({ product, offers }) {
  const [open, setOpen] = useState(false);
  const others = offers.filter((offer) => !offer.buyBox);
  if (others.length === 0) return null;
  const lowest = Math.min(...others.map((offer) => offer.price));
  return (
    <>
      <button type="button" className="more" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {others.length} more {others.length === 1 ? 'offer' : 'offers'} from {formatPrice(lowest)}
      </button>
      {open && <OffersDialog product={product} offers={offers} onClose={() => setOpen(false)} />}
    </>
  );
}

// The seller and their rating; the store's own copies are sold by the store.
function SoldBy({ offer, shopName }) {
  if (!offer)
    return (
      shopName && (
        <span>
          Sold by: <strong>{shopName}</strong>
        </span>
      )
    );
  return (
    <span className="seller">
      Sold by: <strong>{offer.seller.name}</strong>
      {offer.rating > 0 && (
        <span className="seller-rating" aria-label={`rated ${offer.rating.toFixed(1)} of 5`}>
          ★ {offer.rating.toFixed(1)}
        </span>
      )}
    </span>
  );
}

export default function BuyBox({ product, offers }) {
  const { title, author, book, brand, shopName, rating, reviewCount, discount = 0, unit } = product;
  // The offer sold by default (none when every seller of the product is suspended).
  const offer = offers.find((o) => o.buyBox);
  const now = offer ? offer.price : salePrice(product.price, discount);
  const was = offer ? offer.listPrice : product.price;
  const status = stockStatus(offer?.stock ?? 0);
  return (
    <Wrapper>
      <h1>{title}</h1>
      <p className="who">
        {book?.authors.length > 0 ? (
          <span>
            By <AuthorLinks authors={book.authors} />
          </span>
        ) : (
          author && (
            <span>
              By <RouterAnchor href={searchUrl(author)}>{author}</RouterAnchor>
            </span>
          )
        )}
        {brand && (
          <span>
            Brand: <strong>{brand}</strong>
          </span>
        )}
        <SoldBy offer={offer} shopName={shopName} />
      </p>
      {reviewCount > 0 && (
        <div className="score">
          <RatingStars value={rating} />
          <span>{rating.toFixed(1)}</span>
          <a href="#reviews">
            {reviewCount} {reviewCount === 1 ? 'review' : 'reviews'}
          </a>
        </div>
      )}
      <div className="price">
        <span className="now">{formatPrice(now)}</span>
        {unit && unit !== 'pcs' && <span className="unit">per {unit}</span>}
        {was > now && (
          <>
            <s className="was">
              <VisuallyHidden>Original price </VisuallyHidden>
              {formatPrice(was)}
            </s>
            <span className="off">Save {discount}%</span>
          </>
        )}
      </div>
      {book && offer && (
        <p className="condition">
          Condition: <strong>{conditionLabel(offer.condition)}</strong>
        </p>
      )}
      <p className={status.className}>{status.text}</p>
      <AddToCart product={product} offer={offer} />
      <MoreOffers product={product} offers={offers} />
      {!offer?.stock && <StockAlertForm productId={product.id} title={title} />}
      <ul className="promises" aria-label="Our promises">
        {PROMISES.map((promise) => (
          <li key={promise}>{promise}</li>
        ))}
      </ul>
    </Wrapper>
  );
}
