// Products as a responsive grid: two columns on a phone, up to `columns` on a wide screen.
import { styled } from '@mui/material/styles';
import ProductCard from './ProductCard.jsx';

const Grid = styled('ul')(({ theme }) => ({
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

/** `eager`: how many leading cards are above the fold (their pictures load at once); `wide`: see ProductCard. */
export default function ProductGrid({ products, columns = 5, eager = 0, wide = false }) {
  const style = { '--sm': Math.min(columns, 3), '--md': Math.min(columns, 4), '--lg': columns };
  return (
    <Grid style={style}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eager} wide={wide} />
        </li>
      ))}
    </Grid>
  );
}
