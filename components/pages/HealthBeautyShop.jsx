// The health & beauty demo storefront (HEALTH theme): the shop's categories in a side menu, its
// newest products, every product and the store's services.
import Spa from '../icons/SpaOutlined.js';
import { ProductGrid, ProductRow, Section, ServiceList } from '../shop/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import SidebarLayout from '../shop/SidebarLayout.jsx';

export default function HealthBeautyShop({ navigation, topNewProducts, allProducts, services }) {
  return (
    <ShopLayout>
      <SidebarLayout
        navigation={navigation}
        title="Health & Beauty"
        tagline="Skincare, makeup, hair care, vitamins and fragrance from brands you trust, delivered fast."
        art={<Spa />}
      >
        <Section title="Top new products" icon="new">
          <ProductRow products={topNewProducts} label="new products" visible={4} eager={4} />
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
