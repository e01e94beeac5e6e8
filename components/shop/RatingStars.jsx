// A fractional rating (4.75) as ONE element: five star shapes cut out of a bar (a CSS mask)
// whose gold part is as long as rating / 5. MUI Rating draws each star as several SVG slices,
// ten times the markup per card (DESIGN.md, Known pitfalls); keep Rating for giving a rating.
//
// RatingStars is the element styled on its own. Inside a card, use RatingBar (unstyled) and
// include `ratingStyles` for `.rating` in the card's own styles, so a card keeps one class.
import { sharedStyled } from '../common/sharedStyles.js';

const STAR_PATH = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
const STAR = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='${STAR_PATH}'/%3E%3C/svg%3E")`;

/** Styles for a `.rating` element; `size` is one star's size in px. */
export const ratingStyles = (size = 16) => ({
  display: 'inline-block',
  flexShrink: 0,
  width: size * 5,
  height: size,
  verticalAlign: 'middle',
  background: 'linear-gradient(90deg, #F5A300 var(--rating), #D5DCE4 var(--rating))',
  mask: `${STAR} 0 0 / ${size}px ${size}px repeat-x`,
});

/** The bar without styles of its own: for use inside a styled parent that styles `.rating`. */
export function RatingBar({ value, className = 'rating' }) {
  const rating = Math.max(0, Math.min(5, Number(value) || 0));
  return (
    <span
      className={className}
      role="img"
      aria-label={`Rated ${Number(rating.toFixed(2))} out of 5`}
      style={{ '--rating': `${(rating / 5) * 100}%` }}
    />
  );
}

const RatingStars = sharedStyled(RatingBar, ratingStyles(16));

export default RatingStars;
