// Choosing a book for a booklist by typing part of its title or its ISBN: the shop's published
// books that match (GET /api/booklists/book-choices?q=), asked for a moment after the typing
// stops. Books already on the list are not offered again.
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { formatMoney } from '../format.js';
import { fetchRecord } from './api.js';

const PAUSE_MS = 250;

export default function BookPicker({ onPick, taken, error }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a text too short to search drops the last answer
      setOptions([]);
      return undefined;
    }
    let current = true;
    setLoading(true);
    const timer = setTimeout(async () => {
      const answer = await fetchRecord(`/api/booklists/book-choices?q=${encodeURIComponent(q)}`);
      if (!current) return;
      setLoading(false);
      setOptions(answer.ok ? answer.data : []);
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);

  return (
    <Autocomplete
      options={options.filter((book) => !taken.has(book.id))}
      value={null}
      inputValue={text}
      onInputChange={(event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(event, book) => {
        if (book) {
          onPick(book);
          setText('');
          setOptions([]);
        }
      }}
      filterOptions={(shown) => shown}
      getOptionLabel={(book) => book.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      noOptionsText={text.trim().length < 2 ? 'Type two letters of a title, or an ISBN' : 'No published book matches'}
      renderOption={({ key, ...props }, book) => (
        <li key={book.id} {...props}>
          <span>
            <strong>{book.title}</strong>
            <br />
            <small>
              ISBN {book.isbn} · {formatMoney(book.price)} · {book.stock > 0 ? `${book.stock} in stock` : 'Out of stock'}
            </small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Add a book"
          placeholder="Title or ISBN"
          error={Boolean(error)}
          helperText={error || 'Type part of a title or an ISBN, then choose the book'}
        />
      )}
    />
  );
}
