// The market demo storefront: deals, top categories and brands, a section per category with
// its brands and shops, more products and the store's services.
import { sharedStyled } from '../common/sharedStyles.js';
import {
  CategoryShowcase,
  CategoryTiles,
  HeroCarousel,
  ProductGrid,
  ProductRow,
  PromoBanners,
  Section,
  ServiceList,
} from '../shop/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import VisuallyHidden from '../shop/VisuallyHidden.jsx';

// Top ratings and featured brands share a row on a wide screen.
const Pair = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  gap: theme.spacing(3),
  '& > section': { marginBlock: 0 },
  marginBlock: theme.spacing(5),
  [theme.breakpoints.down('md')]: { gridTemplateColumns: 'minmax(0, 1fr)' },
}));

export default function Market1(props) {
  const { carousel, flashDeals, topCategories, topRated, topBrands, newArrivals, bigDiscounts } = props;
  const { cars, mobiles, optics, bottomCategories, moreItems, services, banners } = props;
  return (
    <ShopLayout>
      <VisuallyHidden as="h1">Market: cars, phones, watches, electronics and more</VisuallyHidden>
      <HeroCarousel slides={carousel} label="Offers" />
      <Section title="Flash deals" icon="bolt">
        <ProductRow products={flashDeals} label="flash deals" visible={5} />
      </Section>
      <Section title="Top categories" icon="category">
        <CategoryTiles tiles={topCategories.map((c) => ({ ...c, url: c.categoryUrl }))} />
      </Section>
      <Pair>
        <Section title="Top ratings" icon="rated" card>
          <ProductGrid products={topRated} columns={4} />
        </Section>
        <Section title="Featured brands" icon="brand" card>
          <CategoryTiles variant="logo" tiles={topBrands.map((b) => ({ ...b, url: b.productUrl }))} />
        </Section>
      </Pair>
      <Section title="New arrivals" icon="new">
        <ProductGrid products={newArrivals} columns={6} />
      </Section>
      <Section title="Big discounts" icon="discount">
        <ProductRow products={bigDiscounts} label="big discounts" visible={6} />
      </Section>
      <CategoryShowcase title="Cars" icon="car" viewAll={cars.url} brands={cars.brands} products={cars.products} />
      <CategoryShowcase
        title="Mobile phones"
        icon="phone"
        viewAll={mobiles.url}
        brands={mobiles.brands}
        shops={mobiles.shops}
        products={mobiles.products}
      />
      {banners.length > 0 && <PromoBanners banners={banners} />}
      <CategoryShowcase
        title="Optics & watches"
        icon="watch"
        viewAll={optics.url}
        brands={optics.brands}
        shops={optics.shops}
        products={optics.products}
      />
      <Section title="Categories" icon="category">
        <CategoryTiles variant="compact" tiles={bottomCategories.map((c) => ({ title: c.name, url: c.categoryUrl, imgUrl: c.imgUrl }))} />
      </Section>
      <Section title="More for you">
        <ProductGrid products={moreItems} columns={6} />
      </Section>
      {services.length > 0 && <ServiceList services={services} />}
    </ShopLayout>
  );
}
