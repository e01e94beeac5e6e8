// The grocery shop with a side menu: the shop's categories (children nested up to two levels)
// beside a banner, its services, popular and trending products and the whole range. On a phone
// the menu is a "Categories" button that opens a drawer, above the banner.
import { GroceryHero, ServiceStrip } from '../shop/grocery/deferred.jsx';
import { ProductGrid, ProductRow, Section } from '../shop/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import SidebarLayout from '../shop/SidebarLayout.jsx';
import { searchUrl } from '../shop/links.js';

export default function Grocery1({ navigation, popularProducts, trendingProducts, allProducts, services }) {
  return (
    <ShopLayout>
      <SidebarLayout navigation={navigation} label="Categories">
        <GroceryHero
          tag="Fast delivery from $10"
          title="Fresh groceries delivered to your door"
          text="Vegetables, fruit, breakfast, frozen and organic food picked fresh for you: order today, cook tonight."
          actions={[
            { label: 'Shop vegetables', href: searchUrl('Vegetables') },
            { label: 'Breakfast', href: searchUrl('Breakfast'), outlined: true },
          ]}
          products={popularProducts}
        />
        {services.length > 0 && <ServiceStrip services={services} />}
        <Section title="Popular products" icon="rated">
          <ProductRow products={popularProducts} label="popular products" visible={4} />
        </Section>
        <Section title="Trending products" icon="bolt">
          <ProductRow products={trendingProducts} label="trending products" visible={4} />
        </Section>
        <Section title="All products" icon="category">
          <ProductGrid products={allProducts} columns={5} />
        </Section>
      </SidebarLayout>
    </ShopLayout>
  );
}
