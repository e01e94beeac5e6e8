// A furniture product: the kit's ProductCard with the "New" status and the product's four
// colours laid over its picture. ProductCard takes no extra content, so this composes rather
// than forks it: the overlay is a square over the card's square picture and lets clicks through
// to the card's stretched title link.
import { sharedStyled } from '../../common/sharedStyles.js';
import ProductCard from '../ProductCard.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';

const Wrapper = sharedStyled('div', (theme) => ({
  position: 'relative',
  height: '100%',
  '& .extras': {
    position: 'absolute',
    top: 0,
    insetInline: 0,
    aspectRatio: '1 / 1',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    padding: 10,
    pointerEvents: 'none',
  },
  '& .new': {
    padding: '2px 10px',
    borderRadius: 12,
    fontSize: 12,
    fontWeight: 700,
    lineHeight: '18px',
    color: '#fff',
    background: theme.palette.secondary.main,
  },
  '& .colors': {
    display: 'flex',
    gap: 6,
    margin: 0,
    marginTop: 'auto',
    padding: '4px 6px',
    borderRadius: 12,
    background: 'rgba(255, 255, 255, 0.9)',
  },
  '& .swatch': {
    width: 14,
    height: 14,
    borderRadius: '50%',
    background: 'var(--swatch)',
    boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
  },
}));

export default function FurnitureCard({ product, eager = false }) {
  const colors = product.productColors || [];
  const isNew = product.status === 'New';
  return (
    <Wrapper>
      <ProductCard product={product} eager={eager} />
      {(isNew || colors.length > 0) && (
        <div className="extras">
          {isNew && <span className="new">New</span>}
          {colors.length > 0 && (
            <p className="colors">
              <VisuallyHidden>{`${product.title} comes in ${colors.length} colours`}</VisuallyHidden>
              {colors.map((color) => (
                <span key={color} className="swatch" style={{ '--swatch': color }} />
              ))}
            </p>
          )}
        </div>
      )}
    </Wrapper>
  );
}
