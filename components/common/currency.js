// The shop's one currency (SHOP_CURRENCY), as every page's config carries it (config.payments.currency,
// app/payments/service.py). App sets it before any page renders, on the server as in the browser, so
// every price is printed as db/money.py Currency.format prints it: "-$1,234.50" (the symbol,
// thousands separators, two decimals rounded half up). Done by hand, not with Intl, for the reason
// components/admin/format.js gives: the server's V8 and the browser must print the same text.
let shop = { code: 'USD', symbol: '$', minor: 2 };

export function setShopCurrency(currency) {
  if (currency) shop = currency;
}

export const shopCurrency = () => shop;

const UNIT = 10 ** 2;

// A storefront prints a hundred prices a page: thousands are grouped only where there are any
// (the regular expression is most of the cost).
export function formatAmount(value) {
  const amount = Number(value) || 0;
  // In whole cents, rounded half up as the server's Decimal does (8.585 is 858.4999… in binary).
  const cents = Math.round(Number((Math.abs(amount) * UNIT).toPrecision(15)));
  const text = (cents / UNIT).toFixed(shop.minor);
  const grouped = text.length > 6 ? text.replace(/\B(?=(\d{3})+\.)/g, ',') : text;
  return `${amount < 0 && cents > 0 ? '-' : ''}${shop.symbol}${grouped}`;
}
