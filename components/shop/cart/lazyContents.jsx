// A cart page's contents as a lazily loaded chunk, fetched as soon as the page's script runs (in
// parallel with hydration), shown once the saved cart has been read. Until then, and on the
// server, the page shows `waiting` (by default CartLoading).
import { lazy, Suspense } from 'react';
import { useCart } from '../../state/cart.jsx';
import CartLoading from './CartLoading.jsx';

export function lazyContents(load, waiting = <CartLoading />) {
  if (typeof window !== 'undefined') load();
  const Contents = lazy(load);
  return function CartPageContents(props) {
    const { loaded } = useCart();
    if (!loaded) return waiting;
    return (
      <Suspense fallback={waiting}>
        <Contents {...props} />
      </Suspense>
    );
  };
}
