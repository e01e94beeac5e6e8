// The product form's "Book details": what only a book has (db/admin/books.py BookForm). The form
// holds them as "book.isbn", "book.authors"... (the keys the server's 422 errors use); bookValues
// makes them from the product's `book`, bookRequest makes the `book` the server takes.
//
// The ISBN is checked as it is typed (isbn.js, the server's own messages): once it is long enough
// to be a whole ISBN, or when the person leaves the field. A valid one shows its ISBN-13.
import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AuthorsField from './AuthorsField.jsx';
import { FormSelect, FormText } from './fields.jsx';
import { compactIsbn, groupedIsbn, parseIsbn } from './isbn.js';
import { BOOK_FORMATS, LEVEL_KINDS } from './rules.js';

const LEVEL_TEXT = /^(Class|College year|Ages) (\d+)(?:-(\d+)|(\+))?$/;
const SHORTEST_ISBN = 10;
const NUMERIC = { htmlInput: { inputMode: 'numeric' } };

// "Class 9", "College year 1-4", "Ages 5-8", "Ages 12+" (db/levels.py Level.text) as the form's parts.
function levelParts(text) {
  const match = LEVEL_TEXT.exec(text || '');
  if (!match) return { kind: 'class', from: '', to: '' };
  const kind = LEVEL_KINDS.find((k) => k.label === match[1]).value;
  return { kind, from: match[2], to: match[3] || '' };
}

// The parts as the level text the server parses: an empty "to" is one college year, or "and up" for ages.
export function levelText(kind, from, to) {
  const [low, high] = [String(from).trim(), String(to).trim()];
  if (kind === 'class') return `Class ${low}`;
  if (kind === 'college') return high && high !== low ? `College year ${low}-${high}` : `College year ${low}`;
  return high ? `Ages ${low}-${high}` : `Ages ${low}+`;
}

export function bookValues(book) {
  const level = levelParts(book?.level);
  const text = (value) => (value === null || value === undefined ? '' : String(value));
  return {
    'book.isbn': book?.isbn ? groupedIsbn(book.isbn) : '',
    'book.authors': book?.authors || [],
    'book.publisher': text(book?.publisher),
    'book.edition': text(book?.edition),
    'book.year': text(book?.year),
    'book.format': book?.format || BOOK_FORMATS[0],
    'book.pages': text(book?.pages),
    'book.language': book?.language || 'English',
    'book.levelKind': level.kind,
    'book.levelFrom': level.from,
    'book.levelTo': level.to,
    'book.level': book?.level || '',
    'book.subject': text(book?.subject),
    'book.series': text(book?.series),
    'book.volume': text(book?.volume),
  };
}

// Nothing typed in the book details (the format, language and level kind have defaults): a product
// that is not a book yet may stay so, as one migrated without an ISBN does.
const TYPED = [
  'book.isbn',
  'book.publisher',
  'book.edition',
  'book.year',
  'book.pages',
  'book.levelFrom',
  'book.levelTo',
  'book.subject',
  'book.series',
  'book.volume',
];
export const bookIsBlank = (values) => !values['book.authors'].length && TYPED.every((field) => !String(values[field]).trim());

// What the server takes under `book`: blanks as null, numbers as numbers, authors in order.
export function bookRequest(values) {
  const text = (field) => values[field].trim() || null;
  const number = (field) => (values[field].trim() === '' ? null : Number(values[field]));
  return {
    isbn: values['book.isbn'].trim(),
    authors: values['book.authors'],
    publisher: text('book.publisher'),
    edition: text('book.edition'),
    year: number('book.year'),
    format: values['book.format'],
    pages: number('book.pages'),
    language: values['book.language'].trim(),
    level: levelText(values['book.levelKind'], values['book.levelFrom'], values['book.levelTo']),
    subject: text('book.subject'),
    series: text('book.series'),
    volume: number('book.volume'),
  };
}

function IsbnField({ form }) {
  const [left, setLeft] = useState(false);
  const typed = form.values['book.isbn'];
  const parsed = parseIsbn(typed);
  const judged = left || compactIsbn(typed).length >= SHORTEST_ISBN;
  const error = form.errors['book.isbn'] || (judged && typed.trim() ? parsed.message : undefined);
  const helper = parsed.isbn ? `ISBN-13 ${groupedIsbn(parsed.isbn)}` : 'ISBN-13 or ISBN-10; hyphens and spaces are fine';
  return (
    <FormText
      form={form}
      name="book.isbn"
      label="ISBN"
      required
      onBlur={() => setLeft(true)}
      error={Boolean(error)}
      helperText={error || helper}
      slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
    />
  );
}

// The level: what it counts (a class, a college year, ages), then its number or numbers.
function LevelFields({ form }) {
  const kind = form.values['book.levelKind'];
  const from = form.values['book.levelFrom'];
  const to = form.values['book.levelTo'];
  const error = form.errors['book.level'];
  // Each part changes the level text too ("book.level", what the server's error is keyed by), which
  // clears the level's error.
  const change = (part) => (event) => {
    const parts = { kind, from, to, [part]: event.target.value };
    form.set(`book.level${part[0].toUpperCase()}${part.slice(1)}`)(event.target.value);
    form.set('book.level')(levelText(parts.kind, parts.from, parts.to));
  };
  const labels = {
    class: ['Class (1–12)'],
    college: ['College year (1–5)', 'To year'], // the helper shows what an empty "to" means
    age: ['From age', 'To age'],
  }[kind] || ['Number'];
  return (
    <>
      <Grid size={{ xs: labels.length > 1 ? 12 : 6, sm: 4, md: 2 }}>
        <TextField select name="book.levelKind" label="Level" value={kind} onChange={change('kind')} fullWidth required>
          {LEVEL_KINDS.map((k) => (
            <MenuItem key={k.value} value={k.value}>
              {k.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, sm: 4, md: 2 }}>
        <TextField
          name="book.levelFrom"
          label={labels[0]}
          value={from}
          onChange={change('from')}
          fullWidth
          required
          error={Boolean(error)}
          helperText={error || levelText(kind, from || '…', to)}
          slotProps={NUMERIC}
        />
      </Grid>
      {labels.length > 1 && (
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <TextField
            name="book.levelTo"
            label={labels[1]}
            value={to}
            onChange={change('to')}
            fullWidth
            error={Boolean(error)}
            slotProps={NUMERIC}
          />
        </Grid>
      )}
    </>
  );
}

// `optional`: the product has no book record yet, and may be saved without one.
export default function BookFields({ form, optional }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="book-details">
      <CardContent>
        <Typography id="book-details" variant="h6" component="h2" sx={{ mb: optional ? 0.5 : 2 }}>
          Book details
        </Typography>
        {optional && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Fill these in to sell it as a book: its ISBN, an author and its level are then needed.
          </Typography>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <IsbnField form={form} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <AuthorsField value={form.values['book.authors']} onChange={form.set('book.authors')} error={form.errors['book.authors']} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText form={form} name="book.publisher" label="Publisher" />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <FormText form={form} name="book.edition" label="Edition" />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <FormText form={form} name="book.year" label="Year" slotProps={NUMERIC} />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <FormSelect form={form} name="book.format" label="Format" choices={BOOK_FORMATS.map((f) => ({ value: f, label: f }))} />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <FormText form={form} name="book.pages" label="Pages" slotProps={NUMERIC} />
          </Grid>
          <LevelFields form={form} />
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <FormText form={form} name="book.language" label="Language" required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormText form={form} name="book.subject" label="Subject" />
          </Grid>
          <Grid size={{ xs: 8, md: 9 }}>
            <FormText form={form} name="book.series" label="Series" />
          </Grid>
          <Grid size={{ xs: 4, md: 3 }}>
            <FormText form={form} name="book.volume" label="Volume" slotProps={NUMERIC} />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
