// Products as a responsive grid of cards: two columns on a phone, up to `columns` on a wide screen.
import { sharedStyled } from '../common/sharedStyles.js';
import ProductCard from './ProductCard.jsx';

const Grid = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  [theme.breakpoints.down('sm')]: { gap: theme.spacing(1.25) },
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(var(--sm), minmax(0, 1fr))' },
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'repeat(var(--md), minmax(0, 1fr))' },
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(var(--lg), minmax(0, 1fr))' },
}));

/**
 * `columns`: on a wide screen, or per breakpoint as { sm, md, lg }; `eager`: how many leading cards
 * are above the fold (their pictures load at once); `card`: the card component (a shop's own);
 * `wide`: see ProductCard.
 */
export default function ProductGrid({ products, columns = 5, eager = 0, card: Card = ProductCard, wide = false }) {
  const { sm, md, lg } = typeof columns === 'number' ? { sm: Math.min(columns, 3), md: Math.min(columns, 4), lg: columns } : columns;
  return (
    <Grid style={{ '--sm': sm, '--md': md, '--lg': lg }}>
      {products.map((product, index) => (
        <li key={product.id}>
          <Card product={product} eager={index < eager} wide={wide} />
        </li>
      ))}
    </Grid>
  );
}
