// The gift shop demo storefront (GIFT theme): the shop's categories in a side menu, its top
// categories with how many items each has, popular and top-sold gifts, every gift and the
// store's services.
import CardGiftcard from '../icons/CardGiftcardOutlined.js';
import { CategoryTiles, ProductGrid, ProductRow, Section, ServiceList } from '../shop/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import SidebarLayout from '../shop/SidebarLayout.jsx';

export default function GiftShop({ navigation, topCategories, popularProducts, topSoldProducts, allProducts, services }) {
  return (
    <ShopLayout>
      <SidebarLayout
        navigation={navigation}
        title="Gift Shop"
        tagline="Toys, flowers, teddy bears, greeting cards and gift boxes for every occasion."
        art={<CardGiftcard />}
      >
        {topCategories.length > 0 && (
          <Section title="Top categories" icon="category">
            <CategoryTiles tiles={topCategories.map((c) => ({ title: c.title, subtitle: c.available, url: c.url, imgUrl: c.imgUrl }))} />
          </Section>
        )}
        <Section title="Popular products" icon="featured">
          <ProductRow products={popularProducts} label="popular products" visible={4} />
        </Section>
        <Section title="Top sold products" icon="rated">
          <ProductRow products={topSoldProducts} label="top sold products" visible={4} />
        </Section>
        <Section title="All products">
          <ProductGrid products={allProducts} columns={4} />
        </Section>
        {services.length > 0 && (
          <Section title="Our services">
            <ServiceList services={services} />
          </Section>
        )}
      </SidebarLayout>
    </ShopLayout>
  );
}
