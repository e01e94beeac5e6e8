// A book's authors, in the order the cover gives them: typing suggests the authors already in the
// catalogue (GET /api/authors?q=), so the book credits the same author as their other books; a
// name not among them, typed and entered with Enter, is a new author the server creates on save.
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { fetchList } from './api.js';
import { MAX_AUTHORS } from './rules.js';

const PAUSE_MS = 200;
const nameOf = (item) => (typeof item === 'string' ? item : item.name).trim();
const folded = (name) => name.trim().toLowerCase();

// Names as typed or picked, each once (whatever the case), blanks dropped, order kept.
function distinct(names) {
  const seen = new Set();
  return names.filter((name) => name && !seen.has(folded(name)) && seen.add(folded(name)));
}

export default function AuthorsField({ value, onChange, error, name = 'book.authors' }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [suggestions, setSuggestions] = useState([]);
  const [loading, setLoading] = useState(false);

  // Suggestions for what is typed, after a short pause; an answer to an older text is dropped.
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading starts with the request this effect makes
    setLoading(true);
    const timer = setTimeout(() => {
      fetchList(`/api/authors?q=${encodeURIComponent(typed.trim())}`)
        .then(({ rows }) => current && setSuggestions(rows))
        .catch(() => current && setSuggestions([])) // suggestions are a help: without them, names are typed
        .finally(() => current && setLoading(false));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, typed]);

  const chosen = new Set(value.map(folded));
  return (
    <Autocomplete
      multiple
      freeSolo
      // Leaving the field keeps what was typed (as an author), rather than losing it unsaid.
      autoSelect
      filterSelectedOptions
      options={suggestions}
      value={value}
      inputValue={typed}
      open={open}
      loading={loading}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onInputChange={(event, text) => setTyped(text)}
      onChange={(event, next) => onChange(distinct(next.map(nameOf)).slice(0, MAX_AUTHORS))}
      // The server has already matched the typed text; only the authors already credited are left out.
      filterOptions={(options) => options.filter((option) => !chosen.has(folded(option.name)))}
      getOptionLabel={nameOf}
      isOptionEqualToValue={(option, item) => folded(nameOf(option)) === folded(nameOf(item))}
      renderOption={({ key, ...props }, option) => (
        <li key={option.id} {...props}>
          <span style={{ flex: 1 }}>{option.name}</span>
          <span style={{ opacity: 0.7, fontSize: '0.85em' }}>
            {option.books} book{option.books === 1 ? '' : 's'}
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label="Authors"
          required
          error={Boolean(error)}
          helperText={error || 'Pick an author as you type, or type a new name and press Enter'}
        />
      )}
    />
  );
}
