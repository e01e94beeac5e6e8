// The signed-in shopper's wishlist as the hearts of a page see it: GET /api/me/wishlist is asked
// once per page load, in the browser, after hydration (never in the server render: a cached page
// is the same for everyone, so its hearts are rendered "not saved"). A guest's heart sends them
// to sign in, with `wish=<id>` in the address they come back to; the first page that loads the
// wishlist signed in saves that book and takes `wish` off its address.
import { whoIsSignedIn } from './me.js';
import { csrfToken } from './session.jsx';

const SIGN_IN = '/account/sign-in';
const listeners = new Set();
let state = { signedIn: false, ids: new Set() };
let loading = null;

function publish(next) {
  state = next;
  listeners.forEach((listener) => listener(state));
}

async function send(method, id) {
  const response = await fetch(`/api/me/wishlist/${id}`, {
    method,
    credentials: 'same-origin',
    headers: { 'X-CSRF-Token': await csrfToken() },
  });
  if (!response.ok) throw new Error(`The wishlist did not change (${response.status})`);
  const books = await response.json();
  publish({ signedIn: true, ids: new Set(books.map((book) => book.id)) });
}

// The `wish` a guest brought back from signing in: saved, then taken off the address.
async function grantWish() {
  const url = new URL(window.location.href);
  const wish = Number(url.searchParams.get('wish'));
  if (!url.searchParams.has('wish')) return;
  url.searchParams.delete('wish');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (Number.isSafeInteger(wish) && wish > 0 && !state.ids.has(wish)) await send('PUT', wish);
}

export function loadWishlist() {
  if (!loading) {
    // Asked only of a shopper's account: a guest (401) or a back-office account (403) has no
    // wishlist, and a refused request would put an error in their console on every page.
    loading = whoIsSignedIn()
      .then((me) => (me && me.role === 'customer' ? fetch('/api/me/wishlist', { credentials: 'same-origin' }) : null))
      .then(async (response) => {
        if (!response?.ok) return;
        const books = await response.json();
        publish({ signedIn: true, ids: new Set(books.map((book) => book.id)) });
        await grantWish();
      })
      .catch(() => {});
  }
  return loading;
}

export function subscribe(listener) {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

export function signInToSave(id) {
  const url = new URL(window.location.href);
  url.searchParams.set('wish', String(id));
  const next = url.pathname + url.search;
  window.location.assign(`${SIGN_IN}?next=${encodeURIComponent(next)}&wish=${id}`);
}

// Save or unsave; a guest goes to sign in first. Answers the new saved state.
export async function toggleWish(id) {
  await loadWishlist();
  if (!state.signedIn) {
    signInToSave(id);
    return false;
  }
  const saved = state.ids.has(id);
  await send(saved ? 'DELETE' : 'PUT', id);
  return !saved;
}
