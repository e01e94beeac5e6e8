// A shopper's writes: JSON with the CSRF token of /api/auth/csrf (the session's once signed in,
// the sb_csrf cookie's before), answered as { ok, status, data } (data: the record, or
// { message, errors } for a refusal). A network failure answers status 0 with a message.
import { csrfToken } from '../state/session.jsx';

export const UNREACHABLE = 'The store could not be reached. Check your connection and try again.';

export async function sendJson(method, url, body) {
  try {
    const headers = { 'X-CSRF-Token': await csrfToken(), Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) || {};
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: { message: UNREACHABLE } };
  }
}

/** The same-site path to go to after signing in (`next` of the address), else `fallback`. */
export function safeNext(next, fallback = '/account') {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}

/** The token of a mailed link, from the address bar (never sent to the server with the page). */
export function linkToken() {
  return new URLSearchParams(window.location.search).get('token') || '';
}
