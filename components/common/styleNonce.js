// The nonce the server put on this page's style elements (app/security.py): the page's
// Content-Security-Policy admits only style elements that carry it, so every cache or library
// that inserts styles in the browser (emotion, the toasts) passes it on. Browsers hide the
// attribute once the page has loaded, but keep the `nonce` property.
export default function styleNonce() {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector('style[nonce]')?.nonce || undefined;
}
