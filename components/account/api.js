// A shopper's writes: JSON with the CSRF token in X-CSRF-Token (the session's when signed in, else
// the sb_csrf cookie's, both from GET /api/auth/csrf), answered as { ok, status, data } (data: the
// record, or the server's { message, errors } for a refusal). A network failure answers status 0
// with a message.
import { csrfToken } from '../state/session.jsx';

export const UNREACHABLE = 'The store could not be reached. Check your connection and try again.';

// The token is asked for each time: a sign-in, or one in another tab, changes it.
async function send(method, url, body) {
  const headers = { Accept: 'application/json', 'X-CSRF-Token': (await csrfToken()) || '' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? {} : (await response.json().catch(() => null)) || {};
  return { ok: response.ok, status: response.status, data };
}

export async function sendJson(method, url, body) {
  try {
    const answer = await send(method, url, body);
    if (!answer.ok && !answer.data.message) answer.data = { message: `The shop answered ${answer.status}. Please try again.` };
    return answer;
  } catch {
    return { ok: false, status: 0, data: { message: UNREACHABLE } };
  }
}

// GET of a shopper's record: the data, or null (signed out, refused, unreachable).
export async function getJson(url) {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
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
