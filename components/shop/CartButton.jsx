// The header's cart button with the number of items. The cart drawer (MUI Drawer, Modal,
// transitions: ~15 KB gzip) is loaded the first time the button is pointed at or clicked,
// never with the page.
import { lazy, Suspense, useState } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import ShoppingBag from '../icons/ShoppingBagOutlined.js';
import { useCart } from '../state/cart.jsx';
import { iconActionLook } from './IconAction.jsx';

const loadDrawer = () => import('./CartDrawer.jsx');
const CartDrawer = lazy(loadDrawer);

// IconAction's look and its own, as one class (a wrapper round IconAction would give it two).
const Button = sharedStyled('button', (theme) => [
  iconActionLook(theme),
  {
    position: 'relative',
    width: 44,
    height: 44,
    background: theme.palette.grey[100],
    borderColor: 'transparent',
    '& .count': {
      position: 'absolute',
      top: -4,
      insetInlineEnd: -4,
      minWidth: 20,
      height: 20,
      padding: '0 6px',
      borderRadius: 10,
      fontSize: 12,
      fontWeight: 700,
      lineHeight: '20px',
      textAlign: 'center',
      color: theme.palette.primary.contrastText,
      background: theme.palette.primary.main,
    },
  },
]);

export default function CartButton() {
  const { count } = useCart();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  const openDrawer = () => {
    setWanted(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        type="button"
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        aria-haspopup="dialog"
        onClick={openDrawer}
        onPointerEnter={loadDrawer}
        onFocus={loadDrawer}
      >
        <ShoppingBag />
        {count > 0 && (
          <span className="count" aria-hidden="true" data-testid="cart-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
