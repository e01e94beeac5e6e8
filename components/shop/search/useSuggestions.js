// Suggestions for what is typed in the header search box, from GET /api/search/suggest: asked from
// the second character, a short pause after the last keystroke, the answer to an older keystroke
// dropped (each request is aborted by the next), the last answers kept for when a shopper backspaces.
import { useEffect, useRef, useState } from 'react';

const PAUSE_MS = 90;
const MIN_TYPED = 2;
const KEPT = 30;

export default function useSuggestions(typed) {
  const [answer, setAnswer] = useState(null);
  const kept = useRef(new Map());

  useEffect(() => {
    const query = typed.trim();
    if (query.length < MIN_TYPED) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a text too short to search drops the last answer
      setAnswer(null);
      return undefined;
    }
    if (kept.current.has(query)) {
      setAnswer(kept.current.get(query));
      return undefined;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggest?q=${encodeURIComponent(query)}`, { signal: abort.signal, headers: { Accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : null))
        .then((body) => {
          if (!body) return;
          if (kept.current.size >= KEPT) kept.current.delete(kept.current.keys().next().value);
          kept.current.set(query, body);
          setAnswer(body);
        })
        .catch(() => {}); // aborted by the next keystroke, or offline: no suggestions, the search still works
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [typed]);

  return answer;
}

// The answer as one list of options in the order shown (titles, authors, categories), each with
// the group it belongs to, so arrow keys can walk all of them.
export function optionsOf(answer) {
  if (!answer) return [];
  return [
    ...answer.titles.map((item) => ({ ...item, group: 'Titles', label: item.title })),
    ...answer.authors.map((item) => ({ ...item, group: 'Authors', label: item.name })),
    ...answer.categories.map((item) => ({ ...item, group: 'Categories', label: item.name })),
  ];
}
