// A product page: breadcrumbs, pictures, the buy box, description, a book's details, published
// reviews, and rows of what is bought with it and what is like it.
import { Breadcrumbs } from '../common/breadcrumbs.js';
import { sharedStyled } from '../common/sharedStyles.js';
import { ProductRow, Section } from '../shop/deferred.jsx';
import BuyBox from '../shop/product/BuyBox.jsx';
import { BookDetails, Gallery, Reviews } from '../shop/product/deferred.js';
import ShopLayout from '../shop/ShopLayout.jsx';

const Top = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(4),
  padding: theme.spacing(3),
  borderRadius: 8,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)', gap: theme.spacing(5) },
  [theme.breakpoints.down('sm')]: { gap: theme.spacing(2.5), padding: theme.spacing(2) },
  '& + section .description': { margin: 0, maxWidth: 820, lineHeight: 1.7 },
}));

export default function Product({ product, offers, reviews, frequentlyBought, related, breadcrumbs }) {
  return (
    <ShopLayout>
      {/* Home › Class 9 › Physics › the book, as the server names them (app/pages/shop/catalogue.py) */}
      <Breadcrumbs crumbs={breadcrumbs} />
      <Top>
        <Gallery images={product.imgGroup} title={product.title} />
        <BuyBox product={product} offers={offers} />
      </Top>
      {product.description && (
        <Section title="Description" card>
          <p className="description">{product.description}</p>
        </Section>
      )}
      {product.book && (
        <Section title="Book details" card>
          <BookDetails book={product.book} />
        </Section>
      )}
      <Reviews reviews={reviews} rating={product.rating} reviewCount={product.reviewCount} />
      {frequentlyBought.length > 0 && (
        <Section title="Frequently bought together">
          <ProductRow products={frequentlyBought} label="frequently bought together" />
        </Section>
      )}
      {related.length > 0 && (
        <Section title="Related products">
          <ProductRow products={related} label="related products" />
        </Section>
      )}
    </ShopLayout>
  );
}
