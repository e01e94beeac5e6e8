// Furniture products as a grid of FurnitureCards: two columns on a phone, three on a tablet and
// beside the side menu up to a wide screen, then `columns` (3 or 4).
import ProductGrid from '../ProductGrid.jsx';
import FurnitureCard from './FurnitureCard.jsx';

export default function FurnitureGrid({ columns = 4, ...grid }) {
  return <ProductGrid {...grid} columns={{ sm: 3, md: 3, lg: columns }} card={FurnitureCard} />;
}
