// The grocery market: a banner, the current offers (each with its discount and button), the
// best-selling goods and the whole range.
import { GroceryHero, OfferCards } from '../shop/grocery/deferred.jsx';
import { ProductGrid, ProductRow, Section } from '../shop/deferred.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import { searchUrl } from '../shop/links.js';

export default function Grocery3({ topSoldProducts, allProducts, offerProducts }) {
  return (
    <ShopLayout>
      <GroceryHero
        tag="Weekly offers on fresh food"
        title="Fresh groceries at market prices"
        text="Fruit, vegetables, breakfast favourites and pantry staples our customers buy again and again, with new offers every week."
        actions={[
          { label: 'Shop organic', href: searchUrl('Organic') },
          { label: 'Frozen food', href: searchUrl('Frozen'), outlined: true },
        ]}
        products={topSoldProducts}
      />
      {offerProducts.length > 0 && (
        <Section title="Offers for you" icon="discount">
          <OfferCards
            cards={offerProducts.map((offer) => ({
              title: offer.title,
              badge: offer.discountOffer,
              imgUrl: offer.imgUrl,
              href: offer.url,
              buttonText: offer.buttonText,
            }))}
          />
        </Section>
      )}
      <Section title="Top sold products" icon="rated">
        <ProductRow products={topSoldProducts} label="top sold products" />
      </Section>
      <Section title="All products" icon="category">
        <ProductGrid products={allProducts} columns={5} />
      </Section>
    </ShopLayout>
  );
}
