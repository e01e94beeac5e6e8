// Who is signed in, from GET /api/me: asked once per page load, in the browser, after hydration
// (never in the server's render: a cached page is the same for everyone). useMe() is undefined
// until the answer comes, then null for a guest or { name, email, emailVerified }.
import { useEffect, useSyncExternalStore } from 'react';

let current;
let asked = false;
let answered = null;
const listeners = new Set();

function publish(me) {
  current = me;
  listeners.forEach((listener) => listener());
}

/** The account changed on this page (a new name, a sign-out): every useMe() shows it. */
export function meChanged(me) {
  asked = true;
  publish(me);
}

function ask() {
  if (asked) return answered;
  asked = true;
  answered = fetch('/api/me', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null)
    .then((me) => {
      publish(me);
      return me;
    });
  return answered;
}

/** Who is signed in (null for a guest), from the page's one GET /api/me. */
export function whoIsSignedIn() {
  return asked && !answered ? Promise.resolve(current) : ask();
}

const subscribe = (listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useMe() {
  const me = useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
  useEffect(() => {
    ask();
  }, []);
  return me;
}
