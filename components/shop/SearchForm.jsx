// The product search box: a real GET form to /product/search?q=..., which the server redirects
// to /product/search/<term>, so it works without JavaScript. With JavaScript it goes straight
// to the search page on the client, and suggests titles, authors and categories as a shopper
// types: an ARIA combobox (arrow keys walk the suggestions, Enter opens one, Escape closes them,
// and a screen reader hears how many there are).
import { useEffect, useId, useState } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import visuallyHidden from '@mui/utils/visuallyHidden';
import Search from '../icons/Search.js';
import { useRouter } from '../common/router.jsx';
import { searchUrl } from './links.js';
import Suggestions from './search/Suggestions.jsx';
import useSuggestions, { optionsOf } from './search/useSuggestions.js';

const Box = sharedStyled('div', { position: 'relative', width: '100%', '& [role=status]': visuallyHidden });

const Form = sharedStyled('form', (theme) => ({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  height: 44,
  overflow: 'hidden',
  borderRadius: 22,
  border: `1px solid ${theme.palette.grey[300]}`,
  background: theme.palette.background.paper,
  '&:focus-within': { borderColor: theme.palette.primary.main, boxShadow: `0 0 0 1px ${theme.palette.primary.main}` },
  '& label': visuallyHidden,
  '& > svg': { flexShrink: 0, marginInline: theme.spacing(1.75, 1), color: theme.palette.text.secondary, fontSize: 20 },
  '& input': {
    flexGrow: 1,
    minWidth: 0,
    height: '100%',
    padding: 0,
    border: 0,
    outline: 0,
    background: 'transparent',
    font: 'inherit',
    fontSize: 14,
    color: theme.palette.text.primary,
    '&::-webkit-search-cancel-button': { cursor: 'pointer' },
  },
  '& button': {
    flexShrink: 0,
    height: '100%',
    padding: theme.spacing(0, 3),
    border: 0,
    background: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    font: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
    '&:hover': { background: theme.palette.primary.dark },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: -4 },
    [theme.breakpoints.down('sm')]: { padding: theme.spacing(0, 2) },
  },
}));

function announcement(options, typed) {
  if (!options.length) return typed.trim().length >= 2 ? 'No suggestions' : '';
  return `${options.length} suggestion${options.length === 1 ? '' : 's'}, use the up and down arrow keys to choose`;
}

// The placeholder is plain ASCII: one character outside Latin-1 anywhere in a page makes V8 build
// the whole rendered answer as a two-byte string, which costs every render a slower copy out of V8.
export default function SearchForm({ defaultValue = '', placeholder = 'Search books, brands and more' }) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const { navigate } = useRouter();
  const [typed, setTyped] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A combobox only once the page runs: without JavaScript there are no suggestions, and the box
  // is the plain search field the server rendered.
  const [live, setLive] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- on after hydration: the first render must match the server's
  useEffect(() => setLive(true), []);
  const options = optionsOf(useSuggestions(open ? typed : ''));
  const showing = open && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option) => {
    close();
    navigate(option.url);
  };

  const onSubmit = (event) => {
    event.preventDefault();
    close();
    const term = typed.trim();
    navigate(term ? searchUrl(term) : '/');
  };

  const onKeyDown = (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!options.length) return;
      // -1 is the text as typed: down from the last option, or up from the first, goes back to it.
      const last = options.length - 1;
      setActive((current) => (event.key === 'ArrowDown' ? (current >= last ? -1 : current + 1) : current <= -1 ? last : current - 1));
    } else if (event.key === 'Enter' && showing && active >= 0 && active < options.length) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && showing) {
      event.preventDefault();
      close();
    }
  };

  return (
    <Box>
      <Form method="get" action="/product/search" role="search" onSubmit={onSubmit}>
        <label htmlFor={id}>Search products</label>
        <Search />
        <input
          id={id}
          type="search"
          name="q"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          {...(live && {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': showing,
            'aria-controls': listId,
            'aria-activedescendant': showing && active >= 0 && active < options.length ? `${listId}-${active}` : undefined,
          })}
        />
        <button type="submit">Search</button>
      </Form>
      {live && <Suggestions id={listId} options={showing ? options : []} active={active} onPick={pick} />}
      {live && (
        <div role="status" aria-live="polite">
          {open ? announcement(options, typed) : ''}
        </div>
      )}
    </Box>
  );
}
