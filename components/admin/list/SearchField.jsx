// The list's search box: searches as the person types (after a short pause) or on Enter.
// It is a GET form on the page's own URL, so searching works without JavaScript too.
import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';

const PAUSE_MS = 350;

export default function SearchField({ label, value, onSearch }) {
  const [text, setText] = useState(value || '');
  const timer = useRef(null);

  // The URL changed under us (back, forward, "clear"): show its search. Not when it is just what
  // is being typed (trimmed), or a pause after a space would eat the space. Set while rendering, as
  // React advises for state that follows a prop, not in an effect a render later.
  const [textOf, setTextOf] = useState(value);
  if (!Object.is(value, textOf)) {
    setTextOf(value);
    setText((typed) => (typed.trim() === (value || '') ? typed : value || ''));
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (event) => {
    const next = event.target.value;
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), PAUSE_MS);
  };
  const submit = (event) => {
    event.preventDefault();
    clearTimeout(timer.current);
    onSearch(text.trim());
  };

  return (
    <form role="search" method="get" onSubmit={submit} style={{ flex: '1 1 260px', minWidth: 0, maxWidth: 420 }}>
      <TextField
        type="search"
        name="q"
        size="small"
        fullWidth
        label={label}
        value={text}
        onChange={change}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
