// The words for a copy of a book: its condition as shops grade it, and what a cart line says of
// a copy that is not the store's own New one.
import { formatPrice } from './money.js';

export const conditionLabel = (condition) => (condition === 'New' ? 'New' : `Used – ${condition}`);

// What a card or a list says of a product's other offers, beside the price it sells at (`now`):
// ["3 offers from $4.20", "Used from $4.20"], each only when it applies.
export function otherOffers({ offerCount = 1, usedFrom = null }, now) {
  return [
    offerCount > 1 && `${offerCount} offers from ${formatPrice(Math.min(now, usedFrom ?? now))}`,
    usedFrom !== null && `Used from ${formatPrice(usedFrom)}`,
  ].filter(Boolean);
}

// "Used – Very Good · sold by Campus Reads"; null for the store's New copies (and lines of the buy box).
export function copyOf(item) {
  if (!item.offerId || (item.condition === 'New' && !item.seller)) return null;
  return [conditionLabel(item.condition), item.seller && `sold by ${item.seller}`].filter(Boolean).join(' · ');
}
