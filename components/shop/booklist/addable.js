// What "Add required books" / "Add all books" put in the cart, by the rule the server's totals
// follow (db/queries/booklists.py): a book not for sale or out of stock is left out; a quantity
// above the stock is cut to the stock. A book already in the cart is raised to the list's
// quantity, never lowered, so pressing the button twice does not buy the list twice.
import { plural } from './text.js';

const WHY = { 'out-of-stock': 'out of stock', unavailable: 'not available' };

/** items: the list's items; which: "required" or "all"; inCart(id): the qty the cart holds. */
export function booklistAdditions(items, which, inCart) {
  const chosen = items.filter((item) => which === 'all' || item.required);
  const additions = [];
  const leftOut = [];
  const short = [];
  for (const item of chosen) {
    if (item.addable < 1) {
      leftOut.push(`${item.title} (${WHY[item.state] || 'not available'})`);
      continue;
    }
    if (item.addable < item.quantity) short.push(`${item.title} (only ${item.addable} in stock)`);
    const qty = Math.max(inCart(item.id), item.addable);
    additions.push({ id: String(item.id), name: item.title, price: item.price, imgUrl: item.imgUrl, qty, added: item.addable });
  }
  return { additions, leftOut, short };
}

/** "3 books added to your cart. Left out: X (out of stock). Fewer than listed: Y (only 2 in stock)." */
export function additionsMessage({ additions, leftOut, short }) {
  const copies = additions.reduce((sum, a) => sum + a.added, 0);
  const parts = [additions.length ? `${plural(copies, 'book')} added to your cart.` : 'Nothing was added to your cart.'];
  if (leftOut.length) parts.push(`Left out: ${leftOut.join(', ')}.`);
  if (short.length) parts.push(`Fewer than listed: ${short.join(', ')}.`);
  return parts.join(' ');
}
