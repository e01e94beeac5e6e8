// The words for a copy of a book: its condition as shops grade it, and what a cart line says of
// a copy that is not the store's own New one.
export const conditionLabel = (condition) => (condition === 'New' ? 'New' : `Used – ${condition}`);

// "Used – Very Good · sold by Campus Reads"; null for the store's New copies (and lines of the buy box).
export function copyOf(item) {
  if (!item.offerId || (item.condition === 'New' && !item.seller)) return null;
  return [conditionLabel(item.condition), item.seller && `sold by ${item.seller}`].filter(Boolean).join(' · ');
}
