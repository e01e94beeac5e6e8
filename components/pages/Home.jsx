// The Student Books home page: school, college and story books from the catalogue ("Shop by
// class" first: a school book is chosen by class), and the way to every demo storefront.
import { CategoryTiles, ChipLinks, HeroCarousel, ProductGrid, ProductRow, PromoBanners, Section, ServiceList } from '../shop/deferred.jsx';
import { LevelLinks } from '../shop/book/deferred.js';
import { STOREFRONTS } from '../shop/links.js';
import ShopLayout from '../shop/ShopLayout.jsx';
import VisuallyHidden from '../shop/VisuallyHidden.jsx';

export default function Home({ slides, services, levels, categories, featured, newest, bestRated, shelves, banners }) {
  return (
    <ShopLayout>
      <VisuallyHidden as="h1">Student Books: school, college and story books online</VisuallyHidden>
      <HeroCarousel slides={slides} label="Offers" />
      <Section title="Shop by class">
        <LevelLinks levels={levels} />
      </Section>
      {services.length > 0 && (
        <Section title="Why shop with us">
          <ServiceList services={services} />
        </Section>
      )}
      <Section title="Shop by category">
        <CategoryTiles tiles={categories} />
      </Section>
      <Section title="Featured books" icon="featured">
        <ProductRow products={featured} label="featured books" />
      </Section>
      <Section title="New arrivals" icon="new">
        <ProductGrid products={newest} columns={5} />
      </Section>
      {banners.length > 0 && <PromoBanners banners={banners} />}
      <Section title="Best rated books" icon="rated">
        <ProductRow products={bestRated} label="best rated books" />
      </Section>
      {shelves.map((shelf) => (
        <Section key={shelf.title} title={shelf.title} viewAll={shelf.url}>
          <ProductRow products={shelf.products} label={shelf.title.toLowerCase()} />
        </Section>
      ))}
      <Section title="Visit our other shops" icon="shop" card>
        <ChipLinks links={STOREFRONTS.filter((shop) => shop.href !== '/')} />
      </Section>
    </ShopLayout>
  );
}
