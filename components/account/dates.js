// Times as the shop prints them, the same on the server and in every browser (hydration must
// match, whatever the visitor's time zone): "26 Nov 2026, 14:05 UTC", as the mails say.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n) => String(n).padStart(2, '0');

export function formatDay(iso) {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function formatMoment(iso) {
  const d = new Date(iso);
  return `${formatDay(iso)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}
