// Create or edit a school booklist: school, class, academic year, published, and its books (each
// with how many, required or optional, and a note). Checked here first (booklist.js), then by the
// server, whose 422 errors are shown on their fields, a book's on its own row.
import { useState } from 'react';
import { styled } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import { notify } from '../../common/toast.jsx';
import { formatMoney } from '../format.js';
import { sendJson } from './api.js';
import BookPicker from './BookPicker.jsx';
import { booklistErrors, initialValues, itemRow, requestBody } from './booklist.js';
import { FormSelect, FormSwitch, FormText } from './fields.jsx';

// The form's state: useForm's shape ({ values, errors, set }) so the shared fields work, with the
// errors kept by their full path ("items.2.productId"), because each row shows its own.
function useBooklistForm(booklist) {
  const [values, setValues] = useState(() => initialValues(booklist));
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const set = (field) => (value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  return { values, setValues, errors, setErrors, busy, setBusy, set };
}

// The rows as a grid rather than a table: on a phone each book's fields wrap under its title
// instead of running off the card.
const Rows = styled('ol')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& > li': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 84px 116px minmax(140px, 0.8fr) 40px',
    gridTemplateAreas: '"book quantity required note remove"',
    alignItems: 'start',
    gap: theme.spacing(1, 1.5),
    padding: theme.spacing(1.5, 0),
    borderTop: `1px solid ${theme.palette.divider}`,
    [theme.breakpoints.down('md')]: {
      gridTemplateColumns: '84px minmax(0, 1fr) 40px',
      gridTemplateAreas: '"book book remove" "quantity required required" "note note note"',
    },
  },
  '& .book': { gridArea: 'book', minWidth: 0 },
  '& .quantity': { gridArea: 'quantity' },
  '& .required': { gridArea: 'required', marginInlineStart: 0 },
  '& .note': { gridArea: 'note' },
  '& .remove': { gridArea: 'remove', justifySelf: 'end' },
}));

function ItemRow({ item, row, errors, onChange, onRemove }) {
  const error = (field) => errors[`items.${row}.${field}`];
  const bookError = error('productId');
  return (
    <li>
      <div className="book">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row + 1}. {item.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          ISBN {item.isbn || '—'} · {formatMoney(item.price)} · {item.stock > 0 ? `${item.stock} in stock` : 'Out of stock'}
        </Typography>
        {bookError && (
          <Typography variant="caption" color="error" component="p" role="alert">
            {bookError}
          </Typography>
        )}
      </div>
      <TextField
        className="quantity"
        size="small"
        label="Quantity"
        value={item.quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
        error={Boolean(error('quantity'))}
        helperText={error('quantity')}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${item.title}` } }}
      />
      <FormControlLabel
        className="required"
        label="Required"
        control={
          <Checkbox
            checked={item.required}
            onChange={(event) => onChange({ required: event.target.checked })}
            slotProps={{ input: { 'aria-label': `${item.title} is required` } }}
          />
        }
      />
      <TextField
        className="note"
        size="small"
        label="Note"
        value={item.note}
        placeholder="e.g. Latest edition only"
        onChange={(event) => onChange({ note: event.target.value })}
        error={Boolean(error('note'))}
        helperText={error('note')}
        slotProps={{ htmlInput: { maxLength: 200, 'aria-label': `Note for ${item.title}` } }}
      />
      <IconButton className="remove" color="error" aria-label={`Remove ${item.title}`} onClick={onRemove}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </li>
  );
}

export default function BooklistForm({ booklist, classes, limits, onSaved, extraActions }) {
  const form = useBooklistForm(booklist);
  const { values, errors } = form;
  const taken = new Set(values.items.map((item) => item.productId));

  // A row's errors are keyed by its place: any change to the rows clears them all.
  const withoutRowErrors = (all) => Object.fromEntries(Object.entries(all).filter(([path]) => !path.startsWith('items')));
  const setItems = (change) => {
    form.setValues((v) => ({ ...v, items: change(v.items) }));
    form.setErrors(withoutRowErrors);
  };
  const changeRow = (key, changes) => {
    form.setValues((v) => ({ ...v, items: v.items.map((item) => (item.key === key ? { ...item, ...changes } : item)) }));
  };
  const pick = (book) =>
    setItems((items) => [
      ...items,
      itemRow({
        productId: book.id,
        title: book.title,
        isbn: book.isbn,
        price: book.price,
        stock: book.stock,
        quantity: 1,
        required: true,
      }),
    ]);

  const save = async (event) => {
    event.preventDefault();
    const found = booklistErrors(values, limits);
    form.setErrors(found);
    if (Object.keys(found).length) {
      notify.error('Please correct the highlighted fields');
      return;
    }
    form.setBusy(true);
    const answer = booklist
      ? await sendJson('PATCH', `/api/booklists/${booklist.id}`, requestBody(values))
      : await sendJson('POST', '/api/booklists', requestBody(values));
    form.setBusy(false);
    if (answer.ok) {
      onSaved(answer.data);
      return;
    }
    if (answer.status === 422) form.setErrors(answer.data.errors || {});
    notify.error(answer.data.message);
  };

  return (
    <form onSubmit={save} noValidate aria-label={booklist ? 'Edit booklist' : 'New booklist'}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <Card variant="outlined">
            <CardContent>
              <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Grid size={{ xs: 12, md: 5 }}>
                  {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a new booklist: focus starts in the blank form's first field */}
                  <FormText form={form} name="school" label="School" required autoFocus={!booklist} />
                </Grid>
                <Grid size={{ xs: 6, md: 2 }}>
                  <FormSelect
                    form={form}
                    name="grade"
                    label="Class"
                    required
                    choices={classes.map((grade) => ({ value: String(grade), label: `Class ${grade}` }))}
                  />
                </Grid>
                <Grid size={{ xs: 6, md: 2 }}>
                  <FormText form={form} name="academicYear" label="Academic year" required placeholder="2026-27" />
                </Grid>
                <Grid size={{ xs: 12, md: 3 }} sx={{ display: 'flex', alignItems: 'center', minHeight: { md: 56 } }}>
                  <FormSwitch form={form} name="published" label="Published" />
                </Grid>
              </Grid>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  Books ({values.items.length})
                </Typography>
                {values.items.length > 0 ? (
                  <Rows aria-label="Books on the list">
                    {values.items.map((item, row) => (
                      <ItemRow
                        key={item.key}
                        item={item}
                        row={row}
                        errors={errors}
                        onChange={(changes) => changeRow(item.key, changes)}
                        onRemove={() => setItems((items) => items.filter((other) => other.key !== item.key))}
                      />
                    ))}
                  </Rows>
                ) : (
                  <Typography color="text.secondary">No books yet: add the first one below.</Typography>
                )}
                <BookPicker onPick={pick} taken={taken} error={errors.items} />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Stack direction="row" useFlexGap sx={{ mt: 2, gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {booklist ? 'Save changes' : 'Create booklist'}
        </Button>
        <Button component={RouterAnchor} href="/admin/booklists">
          Cancel
        </Button>
        {extraActions}
      </Stack>
    </form>
  );
}
