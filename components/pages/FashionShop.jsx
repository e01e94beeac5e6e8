// The fashion shop: brand deals of the week, services, hot deals counting down, flash deals,
// featured goods, new arrivals, lists of what is on sale, popular and trending, the best of the
// week, every product and the blog.
import { ProductGrid, ProductRow, Section, ServiceList } from '../shop/deferred.jsx';
import { AllProducts, BlogCards, DealsOfTheWeek, HotDeals, ProductLists } from '../shop/fashion/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import VisuallyHidden from '../shop/VisuallyHidden.jsx';

export default function FashionShop(props) {
  const { dealsOfTheWeek, services, hotDeals, flashDeals, featured, newArrivals } = props;
  const { onSale, popular, trending, bestOfTheWeek, products, showAllProducts, blogs } = props;
  return (
    <ShopLayout>
      <VisuallyHidden as="h1">Fashion Shop: clothing, shoes and accessories for men, women and kids</VisuallyHidden>
      {dealsOfTheWeek.length > 0 && (
        <Section title="Deals of the week" icon="brand">
          <DealsOfTheWeek deals={dealsOfTheWeek} />
        </Section>
      )}
      {services.length > 0 && <ServiceList services={services} />}
      {hotDeals.length > 0 && (
        <Section title="Hot deals" icon="discount">
          <HotDeals deals={hotDeals} />
        </Section>
      )}
      <Section title="Flash deals" icon="bolt">
        <ProductRow products={flashDeals} label="flash deals" visible={5} />
      </Section>
      <Section title="Featured products" icon="featured">
        <ProductGrid products={featured} columns={4} wide />
      </Section>
      <Section title="New arrivals" icon="new">
        <ProductRow products={newArrivals} label="new arrivals" visible={5} />
      </Section>
      <ProductLists
        lists={[
          { title: 'On sale', icon: 'discount', products: onSale },
          { title: 'Popular', icon: 'rated', products: popular },
          { title: 'Trending items', icon: 'shop', products: trending },
        ]}
      />
      <Section title="Best of the week" icon="rated" card>
        <ProductRow products={bestOfTheWeek} label="best of the week" visible={5} />
      </Section>
      <Section title="Shop all fashion" icon="category">
        <AllProducts id="all-fashion" products={products} expanded={showAllProducts} showAllHref="/fashion-shop?show=all#all-fashion" />
      </Section>
      {blogs.length > 0 && (
        <Section title="Style notes from our blog">
          <BlogCards posts={blogs} />
        </Section>
      )}
    </ShopLayout>
  );
}
