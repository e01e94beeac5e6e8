// A list's state lives in the URL: q, sort, page, per_page and the filters, exactly the JSON list
// API's parameters. The server renders the first page from the URL; after that a change pushes a
// history entry and fetches /api/<list>; back and forward go through the client router, which
// brings the server's props for that URL, and the list takes them.
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../common/toast.jsx';
import { fetchList } from '../forms/api.js';

export const PER_PAGE = 25;
export const PER_PAGE_CHOICES = [10, 25, 50, 100];

// Parameters without empty values, in a stable order.
function cleaned(params) {
  const out = {};
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined && value !== null && String(value) !== '') out[key] = String(value);
  }
  return out;
}

// Form-encoded as a browser would (a space is "+"), by hand: the server's V8 isolate has no
// URLSearchParams, and the CSV link is in the server's markup.
const formEncoded = (text) => encodeURIComponent(text).replace(/%20/g, '+');

export function queryString(params) {
  const text = Object.entries(cleaned(params))
    .map(([name, value]) => `${formEncoded(name)}=${formEncoded(value)}`)
    .join('&');
  return text ? `?${text}` : '';
}

// What the page's URL shows: the defaults (page 1, 25 a page) are left out.
function urlParams(params) {
  const { page, per_page: perPage, ...rest } = params;
  return {
    ...rest,
    ...(page && Number(page) !== 1 ? { page } : {}),
    ...(perPage && Number(perPage) !== PER_PAGE ? { per_page: perPage } : {}),
  };
}

function withoutPaging({ page, per_page: perPage, ...rest }) {
  return rest;
}

const fromProps = (list) => ({
  params: cleaned(list?.params || {}),
  rows: list?.rows || [],
  total: list?.total || 0,
  loading: false,
});

export default function useAdminList(endpoint, initial) {
  const [state, setState] = useState(() => fromProps(initial));
  const ticket = useRef(0);
  const lastChange = useRef(null);
  const first = useRef(true);

  // New props for this page (back/forward, or a link to it): show them.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ticket.current += 1;
    setState(fromProps(initial));
  }, [initial]);

  const load = useCallback(
    async (params, history) => {
      const id = ++ticket.current;
      setState((s) => ({ ...s, params, loading: true }));
      if (history) {
        const url = window.location.pathname + queryString(urlParams(params));
        window.history[history === 'replace' ? 'replaceState' : 'pushState'](window.history.state, '', url);
      }
      try {
        const { rows, total } = await fetchList(endpoint + queryString({ per_page: PER_PAGE, ...params }));
        if (id === ticket.current) setState({ params, rows, total, loading: false });
      } catch (error) {
        if (id !== ticket.current) return;
        setState((s) => ({ ...s, loading: false }));
        notify.error(`The list could not be loaded: ${error.message}`);
      }
    },
    [endpoint],
  );

  // changes: { name: value } ('' removes it). Any change but paging starts again at page 1.
  // Typing a search replaces its own history entry instead of adding one per pause.
  const update = useCallback(
    (changes, kind = 'other') => {
      const next = { ...state.params, ...changes };
      if (!('page' in changes)) delete next.page;
      const history = kind === 'search' && lastChange.current === 'search' ? 'replace' : 'push';
      lastChange.current = kind;
      load(cleaned(next), history);
    },
    [state.params, load],
  );

  const reload = useCallback(() => load(state.params, null), [state.params, load]);

  const patchRow = useCallback((id, changes) => {
    setState((s) => ({ ...s, rows: s.rows.map((row) => (row.id === id ? { ...row, ...changes } : row)) }));
  }, []);

  return {
    ...state,
    page: Number(state.params.page || 1),
    perPage: Number(state.params.per_page || PER_PAGE),
    update,
    reload,
    patchRow,
    // The CSV export of the same search, sort and filters (every page).
    csvHref: `${endpoint}.csv${queryString(withoutPaging(state.params))}`,
  };
}
