// Furniture products as a grid of FurnitureCards: two columns on a phone, three on a tablet,
// `columns` (3 or 4) beside the side menu on a wide screen.
import { styled } from '@mui/material/styles';
import FurnitureCard from './FurnitureCard.jsx';

const Grid = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  [theme.breakpoints.down('sm')]: { gap: theme.spacing(1.25) },
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(var(--columns), minmax(0, 1fr))' },
}));

/** `eager`: how many leading cards are above the fold (their pictures load at once). */
export default function FurnitureGrid({ products, columns = 4, eager = 0 }) {
  return (
    <Grid style={{ '--columns': columns }}>
      {products.map((product, index) => (
        <li key={product.id}>
          <FurnitureCard product={product} eager={index < eager} />
        </li>
      ))}
    </Grid>
  );
}
