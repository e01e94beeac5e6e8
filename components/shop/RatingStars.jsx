// A fractional rating (4.75) as ONE element: five star shapes cut out of a bar (a CSS mask)
// whose gold part is as long as rating / 5. MUI Rating draws each star as several SVG slices,
// ten times the markup per card (DESIGN.md, Known pitfalls); keep Rating for giving a rating.
import { styled } from '@mui/material/styles';

const STAR_PATH = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
const STAR = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='${STAR_PATH}'/%3E%3C/svg%3E")`;

const Bar = styled('span')({
  display: 'inline-block',
  flexShrink: 0,
  width: 80,
  height: 16,
  verticalAlign: 'middle',
  background: 'linear-gradient(90deg, #F5A300 var(--rating), #D5DCE4 var(--rating))',
  mask: `${STAR} 0 0 / 16px 16px repeat-x`,
});

export default function RatingStars({ value, className }) {
  const rating = Math.max(0, Math.min(5, Number(value) || 0));
  const shown = Number(rating.toFixed(2));
  return (
    <Bar
      className={className}
      role="img"
      aria-label={`Rated ${shown} out of 5`}
      style={{ '--rating': `${(rating / 5) * 100}%` }}
    />
  );
}
