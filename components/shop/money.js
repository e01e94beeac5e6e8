// Prices on the storefront: what a shopper pays after the whole-percent discount, and how a
// price is printed. Money is counted in whole cents so 10.10 at 15% off is 8.59, as the till
// (db/seed/common.py sale_price, half up) says, not 8.58 from binary floating point.
export function salePrice(price, discount = 0) {
  const cents = Math.round(price * 100);
  return Math.round((cents * (100 - discount)) / 100) / 100;
}

// A price in the shop's currency (components/common/currency.js).
export { formatAmount as formatPrice } from '../common/currency.js';
