// Adding copies of one offer to the cart (the buy box's or one from the list of offers): the cart
// never holds more of an offer than its seller has, and the shopper is told what happened.
import { useCallback } from 'react';
import { notify } from '../../common/toast.jsx';
import { lineKey, useCart } from '../../state/cart.jsx';
import { conditionLabel } from '../copies.js';

// The cart line of an offer of this product (the seller named only for a marketplace seller's copy).
export const offerLine = (product, offer) => ({
  id: String(product.id),
  offerId: String(offer.id),
  name: product.title,
  price: offer.price,
  imgUrl: product.imgUrl,
  condition: offer.condition,
  seller: offer.seller.id === null ? undefined : offer.seller.name,
});

// -> add(offer, qty): true when the cart took more copies.
export function useAddOffer(product) {
  const { items, changeAmount } = useCart();
  return useCallback(
    (offer, qty) => {
      const line = offerLine(product, offer);
      const inCart = items.find((item) => lineKey(item) === lineKey(line))?.qty || 0;
      const total = Math.min(inCart + qty, offer.stock);
      if (total <= inCart) {
        notify.info(`All ${offer.stock} in stock are already in your cart`);
        return false;
      }
      changeAmount({ ...line, qty: total });
      const what = offer.condition === 'New' ? product.title : `${product.title} (${conditionLabel(offer.condition)})`;
      notify.success(
        total - inCart === qty ? `${qty} × ${what} added to your cart` : `Only ${offer.stock} in stock: your cart now holds ${total}`,
      );
      return true;
    },
    [product, items, changeAmount],
  );
}
