// The furniture demo storefront (FURNITURE theme): the shop's categories in a side menu, its
// newest and best-selling pieces and the whole range, each card with its "New" status and colours.
import Weekend from '../icons/WeekendOutlined.js';
import { Section } from '../shop/deferred.jsx';
import { FurnitureGrid } from '../shop/furniture/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import SidebarLayout from '../shop/SidebarLayout.jsx';

export default function FurnitureShop({ navigation, topNewProducts, topSellingProducts, allProducts }) {
  return (
    <ShopLayout>
      <SidebarLayout
        navigation={navigation}
        title="Furniture Shop"
        tagline="Sofas, chairs, beds, tables and lighting for every room, each in a choice of colours."
        art={<Weekend />}
      >
        <Section title="Top new products" icon="new">
          <FurnitureGrid products={topNewProducts} eager={4} />
        </Section>
        <Section title="Top selling products" icon="rated">
          <FurnitureGrid products={topSellingProducts} />
        </Section>
        <Section title="All products">
          <FurnitureGrid products={allProducts} columns={3} />
        </Section>
      </SidebarLayout>
    </ShopLayout>
  );
}
