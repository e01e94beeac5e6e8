// Admin writes: JSON requests with the session's CSRF token (X-CSRF-Token), answering
// { ok, status, data }. A refusal's data is the server's { message, errors? }; a network failure
// looks like one too, so callers have a single path for "it did not work, say why".
import { csrfToken } from '../../state/session.jsx';

let token = null;

async function currentToken(fresh) {
  if (fresh || !token) token = await csrfToken();
  return token;
}

async function send(method, url, body, fresh) {
  const headers = { Accept: 'application/json', 'X-CSRF-Token': (await currentToken(fresh)) || '' };
  // A FormData (a file upload) goes as multipart/form-data, with the boundary the browser sets.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined || multipart ? body : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data };
}

export async function sendJson(method, url, body) {
  try {
    let answer = await send(method, url, body, false);
    // The token may be from an earlier session (signed in again in another tab): fetch it afresh once.
    if (answer.status === 403) answer = await send(method, url, body, true);
    if (!answer.ok && !answer.data?.message) answer.data = { message: `The server answered ${answer.status}` };
    return answer;
  } catch {
    return { ok: false, status: 0, data: { message: 'The server cannot be reached; check the connection and try again' } };
  }
}

export async function fetchList(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(data?.message || `The server answered ${response.status}`);
  return { rows: data, total: Number(response.headers.get('X-Total-Count') || data.length) };
}

// The server keys errors by field path ("images.0", "book.authors.1"); a form shows them by field
// ("images", "book.authors"): an item's index goes, a nested form's field ("book.isbn") stays.
export function fieldErrors(data) {
  const errors = {};
  for (const [path, message] of Object.entries(data?.errors || {})) {
    const field = path.replace(/\.\d+(\..*)?$/, '');
    if (!errors[field]) errors[field] = message;
  }
  return errors;
}

// An image upload with progress, to the back office's POST /api/media or the seller portal's
// POST /api/seller/photos (`url`): resolves { path, url }.
export function uploadMedia(file, onProgress, url = '/api/media') {
  return currentToken(false).then(
    (csrf) =>
      new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('POST', url);
        request.setRequestHeader('X-CSRF-Token', csrf || '');
        request.setRequestHeader('Accept', 'application/json');
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress?.(Math.round((event.loaded * 100) / event.total));
        };
        request.onload = () => {
          let data = null;
          try {
            data = JSON.parse(request.responseText);
          } catch {
            data = null;
          }
          if (request.status >= 200 && request.status < 300 && data?.path) resolve(data);
          else reject(new Error(data?.message || `The upload failed (${request.status})`));
        };
        request.onerror = () => reject(new Error('The upload failed: the server cannot be reached'));
        const body = new FormData();
        body.append('file', file);
        request.send(body);
      }),
  );
}

// One record for a form (GET), as { ok, status, data } like sendJson.
export async function fetchRecord(url) {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    const data = await response.json().catch(() => null);
    return {
      ok: response.ok,
      status: response.status,
      data: response.ok ? data : { message: data?.message || `The server answered ${response.status}` },
    };
  } catch {
    return { ok: false, status: 0, data: { message: 'The server cannot be reached; check the connection and try again' } };
  }
}
