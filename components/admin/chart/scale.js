// Axis arithmetic and labels for the dashboard's sales chart. Formatting is done by hand rather
// than with Intl, so the server's V8 and the browser print the same text and hydration matches.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NICE_STEPS = [1, 2, 2.5, 5, 10];

// "2026-11-21" -> "21 Nov" (dates are UTC calendar days, as the server groups them).
export function dayLabel(isoDate) {
  const [, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]}`;
}

// The smallest 1, 2, 2.5 or 5 x 10^k at least `value`.
function niceStep(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  return NICE_STEPS.find((step) => step * power >= value) * power;
}

// Gridline values from 0 up to a round top at or above `max`: three or four steps.
export function axisTicks(max) {
  if (!(max > 0)) return [0, 1];
  const step = niceStep(max / 4);
  const count = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

// Short money for axis labels: $0, $250, $1.5k, $12k.
export function shortMoney(value) {
  if (value >= 1000) {
    const thousands = value / 1000;
    return `$${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}k`;
  }
  return `$${Math.round(value)}`;
}

// Which days get a label under the axis: today and every 7th day before it.
export const isLabelledDay = (index, count) => (count - 1 - index) % 7 === 0;
