// Talking to the server at checkout: POST /api/checkout, and after a 409 (the shop changed under
// the cart: a price, the stock, a product withdrawn) finding out what each refused item is now,
// from its product page's props (the page's URL with Accept: application/json).
import { lineKey } from '../../state/cart.jsx';
import { formatPrice, salePrice } from '../money.js';

// What POST /api/checkout takes: the form's fields and the cart's lines at the prices seen.
export const checkoutBody = (form, items) => ({
  ...form,
  items: items.map(({ id, offerId, qty, price }) => ({ id, qty, price, ...(offerId && { offerId }) })),
});

// One checkout attempt: its Idempotency-Key is new for each attempt and sent again with the same
// body when the attempt is retried, so a retry after a lost answer places no second order.
export const newAttempt = (body) => ({ key: uuid(), body });

// crypto.randomUUID exists only on https (and localhost): a shop tried over plain http makes the
// same version 4 UUID from crypto.getRandomValues.
function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// -> {status, body}; status 0 when the server could not be reached.
export async function postCheckout(attempt) {
  try {
    const response = await fetch('/api/checkout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': attempt.key },
      body: JSON.stringify(attempt.body),
    });
    const body = await response.json().catch(() => ({}));
    return { status: response.status, body };
  } catch {
    return { status: 0, body: { message: 'The shop could not be reached. Check your connection and try again.' } };
  }
}

async function fetchJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (response.status === 404) return null;
  return response.ok ? response.json() : undefined;
}

// What the shop sells a line at now: {price, stock}; null when it is no longer sold; undefined
// when that could not be found out (the line is then left as it is). A line of an offer asks for
// the product's offers; a line of the buy box, for its product page's props (the page's URL
// with Accept: application/json).
async function currentOffer(item) {
  const id = encodeURIComponent(item.id);
  try {
    if (item.offerId) {
      const offers = await fetchJson(`/api/products/${id}/offers`);
      if (!offers) return offers;
      const offer = offers.find((o) => String(o.id) === String(item.offerId));
      return offer ? { price: offer.price, stock: offer.stock } : null;
    }
    const page = await fetchJson(`/product/${id}`);
    if (!page) return page;
    const product = page.props?.product;
    return product && { price: salePrice(product.price, product.discount), stock: product.stock };
  } catch {
    return undefined;
  }
}

// Brings each refused line up to date in the cart (new price; qty down to the stock; removed
// when it is no longer sold or sold out) and answers what changed, to show the shopper:
// [{key, name, message (the server's, keyed as the cart keys its lines), outcome (what the cart did)}].
export async function reviseRefusedItems(items, errors, revise) {
  const refused = items.filter((item) => errors[lineKey(item)]);
  const offers = await Promise.all(refused.map(currentOffer));
  return refused.map((item, i) => {
    const offer = offers[i];
    const line = { id: item.id, offerId: item.offerId };
    let outcome;
    if (offer === undefined) {
      outcome = 'Please check this item and try again.';
    } else if (offer === null || offer.stock < 1) {
      revise({ ...line, qty: 0 });
      outcome = 'Removed from your cart.';
    } else {
      const qty = Math.min(item.qty, offer.stock);
      revise({ ...line, price: offer.price, qty });
      const notes = [];
      if (offer.price !== item.price) notes.push(`price updated to ${formatPrice(offer.price)}`);
      if (qty !== item.qty) notes.push(`quantity lowered to ${qty}`);
      outcome = notes.length ? `In your cart: ${notes.join(', ')}.` : 'Please check this item and try again.';
    }
    return { key: lineKey(item), name: item.name, message: errors[lineKey(item)], outcome };
  });
}
