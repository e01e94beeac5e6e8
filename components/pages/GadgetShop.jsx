// The gadget store: the main carousel beside two offer banners, featured categories, top picks,
// the most viewed gadgets and the blog.
import { CategoryTiles, ProductGrid, ProductRow, Section } from '../shop/deferred.jsx';
import { BlogCards, GadgetHero } from '../shop/gadget/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import VisuallyHidden from '../shop/VisuallyHidden.jsx';

export default function GadgetShop({ carousel, banners, featuredCategories, topPicks, mostViewed, blogs }) {
  return (
    <ShopLayout>
      <VisuallyHidden as="h1">Gadget Shop: headphones, laptops, smart watches, cameras and more</VisuallyHidden>
      <GadgetHero slides={carousel} banners={banners} />
      <Section title="Featured categories" icon="category">
        <CategoryTiles tiles={featuredCategories} />
      </Section>
      <Section title="Top picks" icon="featured" card>
        <ProductRow products={topPicks} label="top picks" visible={5} />
      </Section>
      <Section title="Most viewed" icon="rated">
        <ProductGrid products={mostViewed} columns={4} wide />
      </Section>
      {blogs.length > 0 && (
        <Section title="From our blog">
          <BlogCards posts={blogs} />
        </Section>
      )}
    </ShopLayout>
  );
}
