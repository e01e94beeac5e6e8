// The sectioned grocery shop: the category bar, a banner, the shop's services (section 2),
// shop by category with each category's best discount (section 3), rows of fresh vegetables,
// top rated goods, the best deals and new arrivals (sections 4, 5, 7, 8), coloured offer cards
// (section 6) and what customers say (section 9).
import { CategoryBar, GroceryHero, OfferCards, ServiceStrip, Testimonials } from '../shop/grocery/deferred.jsx';
import { CategoryTiles, ProductGrid, ProductRow, Section } from '../shop/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import { searchUrl } from '../shop/links.js';

// Section 5 (twelve top rated goods) is a grid of two full rows; the others scroll sideways.
const GRID_SECTIONS = { section5: 6 };
const SECTION_ICONS = { section4: 'featured', section5: 'rated', section7: 'discount', section8: 'new' };

function ProductSection({ section }) {
  const columns = GRID_SECTIONS[section.key];
  return (
    <Section title={section.title} icon={SECTION_ICONS[section.key]}>
      {columns ? (
        <ProductGrid products={section.products} columns={columns} />
      ) : (
        <ProductRow products={section.products} label={section.title.toLowerCase()} />
      )}
    </Section>
  );
}

export default function Grocery2({ navigation, services, shopByCategory, productSections, offerCards, testimonials }) {
  // Offer cards (section 6) sit between the first two product sections and the last two.
  const before = productSections.slice(0, 2);
  const after = productSections.slice(2);
  return (
    <ShopLayout>
      {navigation.length > 0 && <CategoryBar groups={navigation} />}
      <GroceryHero
        tag="Fresh every morning"
        title="Your everyday grocery store, delivered"
        text="Crisp vegetables, ripe fruit, dairy and pantry staples from local farms and trusted brands, at prices that stay low."
        actions={[
          { label: 'Shop vegetables', href: searchUrl('Vegetables') },
          { label: 'Browse fruits', href: searchUrl('Fruits'), outlined: true },
        ]}
        products={before[0]?.products ?? []}
      />
      {services.length > 0 && <ServiceStrip services={services} />}
      {shopByCategory.length > 0 && (
        <Section title="Shop by category" icon="category">
          <CategoryTiles tiles={shopByCategory} />
        </Section>
      )}
      {before.map((section) => (
        <ProductSection key={section.key} section={section} />
      ))}
      {offerCards.length > 0 && (
        <Section title="Offers of the week" icon="discount">
          <OfferCards
            cards={offerCards.map((card) => ({
              title: card.title,
              subtitle: card.subtitle,
              imgUrl: card.imgUrl,
              href: card.shopUrl,
              bgColor: card.bgColor,
            }))}
          />
        </Section>
      )}
      {after.map((section) => (
        <ProductSection key={section.key} section={section} />
      ))}
      {testimonials.length > 0 && <Testimonials title="What our customers say" testimonials={testimonials} />}
    </ShopLayout>
  );
}
