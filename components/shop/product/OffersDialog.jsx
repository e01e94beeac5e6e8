// Every offer of a product, the buy box first: condition, the seller's note and photos of the
// copy, the seller and their rating, the price, and an "Add to cart" of that offer. Full screen
// on a phone.
import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Close from '@mui/icons-material/Close';
import { conditionLabel } from '../copies.js';
import { formatPrice } from '../money.js';
import { useAddOffer } from './addOffer.js';

const Offers = styled('ol')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& > li': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: theme.spacing(1, 2),
    padding: theme.spacing(2, 0),
    borderBottom: `1px solid ${theme.palette.grey[200]}`,
  },
  '& > li:last-of-type': { borderBottom: 0 },
  '& h3': { margin: 0, fontSize: 16, fontWeight: 700 },
  '& .badge': {
    marginInlineStart: theme.spacing(1),
    padding: '1px 8px',
    borderRadius: 10,
    fontSize: 12,
    fontWeight: 600,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
    verticalAlign: 'middle',
  },
  '& .note': { margin: theme.spacing(0.5, 0, 0), fontSize: 14, color: theme.palette.text.secondary },
  '& .seller': { margin: theme.spacing(0.5, 0, 0), fontSize: 14 },
  '& .rating': { marginInlineStart: theme.spacing(0.75), fontWeight: 600, color: '#A15C00' },
  '& .photos': { display: 'flex', gap: theme.spacing(1), margin: theme.spacing(1, 0, 0), padding: 0, listStyle: 'none' },
  '& .photos a': { display: 'block', borderRadius: 4, overflow: 'hidden', border: `1px solid ${theme.palette.grey[300]}` },
  '& .photos img': { display: 'block', width: 64, height: 64, objectFit: 'cover' },
  '& .buy': { display: 'grid', justifyItems: 'end', alignContent: 'start', gap: theme.spacing(0.5) },
  '& .price': { fontSize: 20, fontWeight: 700, color: theme.palette.primary.main },
  '& .was': { fontSize: 13, color: theme.palette.text.secondary },
  '& .left': { fontSize: 13, color: theme.palette.text.secondary },
  '& .add': {
    minHeight: 40,
    padding: theme.spacing(0, 2),
    border: 0,
    borderRadius: 6,
    font: 'inherit',
    fontSize: 14,
    fontWeight: 600,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    '&:hover': { background: theme.palette.primary.dark },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
  },
  [theme.breakpoints.down('sm')]: { '& > li': { gridTemplateColumns: '1fr' }, '& .buy': { justifyItems: 'start' } },
}));

function Offer({ offer, add }) {
  const seller = offer.seller.name;
  const label = `${conditionLabel(offer.condition)} from ${seller}`;
  return (
    <li aria-label={label}>
      <div>
        <h3>
          {conditionLabel(offer.condition)}
          {offer.buyBox && <span className="badge">Best offer</span>}
        </h3>
        {offer.note && <p className="note">{offer.note}</p>}
        {offer.photos.length > 0 && (
          <ul className="photos" aria-label="Photos of this copy">
            {offer.photos.map((url, i) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer">
                  <img
                    src={url}
                    alt={`${conditionLabel(offer.condition)} copy from ${seller}, view ${i + 1} of ${offer.photos.length}`}
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="seller">
          Sold by <strong>{seller}</strong>
          {offer.rating > 0 && <span className="rating">★ {offer.rating.toFixed(1)}</span>}
        </p>
      </div>
      <div className="buy">
        <span className="price">{formatPrice(offer.price)}</span>
        {offer.listPrice > offer.price && <s className="was">{formatPrice(offer.listPrice)}</s>}
        <span className="left">{offer.stock > 0 ? `${offer.stock} in stock` : 'Out of stock'}</span>
        <button
          type="button"
          className="add"
          onClick={() => add(offer, 1)}
          disabled={offer.stock <= 0}
          aria-label={`Add to cart: ${label}`}
        >
          Add to cart
        </button>
      </div>
    </li>
  );
}

export default function OffersDialog({ product, offers, onClose }) {
  const titleId = useId();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const add = useAddOffer(product);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {offers.length} offers of {product.title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <Close />
      </IconButton>
      <DialogContent dividers>
        <Offers>
          {offers.map((offer) => (
            <Offer key={offer.id} offer={offer} add={add} />
          ))}
        </Offers>
      </DialogContent>
    </Dialog>
  );
}
