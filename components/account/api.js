// A shopper's writes: JSON with the CSRF token in X-CSRF-Token (the session's when signed in,
// else the sb_csrf cookie's, both from GET /api/auth/csrf), answering { ok, status, data }. A
// refusal's data is the server's { message, errors? }; an unreachable server looks like one too.
import { csrfToken } from '../state/session.jsx';

let token = null;

async function send(method, url, body, fresh) {
  if (fresh || !token) token = await csrfToken();
  const headers = { Accept: 'application/json', 'X-CSRF-Token': token || '' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data };
}

export async function sendJson(method, url, body) {
  try {
    let answer = await send(method, url, body, false);
    // The token may be an earlier session's (signed in or out in another tab): fetch it afresh once.
    if (answer.status === 403) answer = await send(method, url, body, true);
    if (!answer.ok && !answer.data?.message) answer.data = { message: `The shop answered ${answer.status}. Please try again.` };
    return answer;
  } catch {
    return { ok: false, status: 0, data: { message: 'The shop could not be reached. Check your connection and try again.' } };
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
