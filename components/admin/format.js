// Formatting (numbers, dates, words) done by hand rather than with Intl, so the server's V8 (whose
// ICU data may differ from the browser's) and the browser print exactly the same text and hydration
// matches.
const withThousands = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// Money in the shop's currency, as the storefront prints it (components/common/currency.js).
export { formatAmount as formatMoney } from '../common/currency.js';

export function formatCount(value) {
  return withThousands(String(Math.round(Number(value) || 0)));
}

export function capitalised(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

export function formatPercent(value) {
  return `${Math.abs(Number(value) || 0).toFixed(2)}%`;
}

// ISO timestamps as the server sent them (its clock), cut rather than parsed for the same reason.
export function formatDate(iso) {
  return iso ? String(iso).slice(0, 10) : '—';
}

export function formatDateTime(iso) {
  return iso ? String(iso).slice(0, 16).replace('T', ' ') : '—';
}
