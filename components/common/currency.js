// The shop's one currency (SHOP_CURRENCY), as every page's config carries it (config.payments.currency,
// app/payments/service.py). App sets it before any page renders, on the server as in the browser, so
// every price is printed as db/money.py Currency.format prints it: "-$1,234.50" (the symbol,
// thousands separators, two decimals rounded half up). Done by hand, not with Intl, for the reason
// components/admin/format.js gives: the server's V8 and the browser must print the same text.
let shop = { code: 'USD', symbol: '$', minor: 2 };

export function setShopCurrency(currency) {
  if (currency) shop = currency;
}

// Every currency the shop takes has two minor units (db/money.py): amounts are counted in cents.
// 8.585 is 858.4999… cents in binary: a nudge of two units in the last place brings a half that
// binary fell short of back to the half the server's Decimal rounds up.
const NUDGE = 1 + 2 * Number.EPSILON;

// A storefront prints a hundred prices a page: this is cheaper than toFixed, and thousands are
// grouped only where there are any (the regular expression is most of the cost).
export function formatAmount(value) {
  const amount = Number(value) || 0;
  const cents = Math.round(Math.abs(amount) * 100 * NUDGE);
  const whole = String(Math.floor(cents / 100));
  const rest = cents % 100;
  const grouped = whole.length > 3 ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return `${amount < 0 && cents > 0 ? '-' : ''}${shop.symbol}${grouped}.${rest < 10 ? '0' : ''}${rest}`;
}
