// A category's section: its brands (and the shops selling it) in a side panel beside a grid of
// its products. On a phone the panel sits above the products.
import { sharedStyled } from '../common/sharedStyles.js';
import BrandList from './BrandList.jsx';
import ProductGrid from './ProductGrid.jsx';
import Section from './Section.jsx';

const Layout = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr)',
  alignItems: 'start',
  gap: theme.spacing(3),
  '& aside': {
    display: 'grid',
    gap: theme.spacing(2.5),
    padding: theme.spacing(2.5),
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  },
  [theme.breakpoints.down('md')]: { gridTemplateColumns: '1fr', gap: theme.spacing(2) },
}));

export default function CategoryShowcase({ title, icon, viewAll, brands = [], shops = [], products, columns = 3 }) {
  return (
    <Section title={title} icon={icon} viewAll={viewAll}>
      <Layout>
        <aside aria-label={`${title}: brands and shops`}>
          {brands.length > 0 && <BrandList title="Brands" names={brands} />}
          {shops.length > 0 && <BrandList title="Shops" names={shops} />}
        </aside>
        <ProductGrid products={products} columns={columns} wide />
      </Layout>
    </Section>
  );
}
