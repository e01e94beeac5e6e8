// Add an offer by ISBN (typed, or scanned: a scanner types the digits and Enter), or change one.
// An ISBN the catalogue lacks comes back asking for the book's title, authors and publisher; sent
// with them, the shop's staff are asked to list it (a catalogue request). A used copy may show up
// to four photos, uploaded through the portal's POST /api/seller/photos (the back office's image
// upload); a catalogue request takes none until the book is listed.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { FormSelect, FormText } from '../admin/forms/fields.jsx';
import FormDialog from '../admin/forms/FormDialog.jsx';
import ImageUpload from '../admin/forms/ImageUpload.jsx';
import { offerErrors } from '../admin/forms/rules.js';
import useForm from '../admin/forms/useForm.js';

const EMPTY = { isbn: '', condition: 'Good', price: '', stock: '1', note: '', title: '', authors: '', publisher: '', photos: [] };
const BOOK_FIELDS = ['title', 'authors', 'publisher'];
const MAX_PHOTOS = 4; // db/models/offers.py MAX_PHOTOS

function body(values, adding, unlisted) {
  const offer = { condition: values.condition, price: values.price.trim(), stock: Number(values.stock), note: values.note.trim() };
  // A catalogue request takes no photos (the offer it becomes does, once the book is listed).
  if (!unlisted) offer.photos = values.photos.map((photo) => photo.path);
  if (!adding) return offer;
  const book = unlisted ? Object.fromEntries(BOOK_FIELDS.map((name) => [name, values[name].trim()])) : {};
  return { isbn: values.isbn.trim(), ...offer, ...book };
}

// The offer's stored photos as the upload field shows them: [{ path, url }].
const photosOf = (offer) => offer.photos.map((path, i) => ({ path, url: offer.photoUrls[i] }));

export default function OfferForm({ offer, conditions, onClose, onSaved }) {
  const adding = !offer;
  const initial = adding ? EMPTY : { ...EMPTY, ...offer, price: String(offer.price), stock: String(offer.stock), photos: photosOf(offer) };
  const [unlisted, setUnlisted] = useState(false);
  const form = useForm(initial, (values) => offerErrors(values, { adding, unlisted }));

  const save = async (event) => {
    event.preventDefault();
    const url = adding ? '/api/seller/offers' : `/api/seller/offers/${offer.id}`;
    // The server asks for the book's name: its fields appear, with the server's messages on them.
    const askedForBook = (answer) => answer.status === 422 && BOOK_FIELDS.some((name) => answer.data.errors?.[name]);
    const saved = await form.submit(
      adding ? 'POST' : 'PATCH',
      url,
      (values) => body(values, adding, unlisted),
      (answer) => {
        if (askedForBook(answer)) setUnlisted(true);
      },
    );
    if (saved) onSaved(saved);
  };

  return (
    <FormDialog
      open
      title={adding ? 'Add an offer' : `Change your offer of ${offer.title}`}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      saveText={adding && unlisted ? 'Ask the shop to list it' : 'Save'}
    >
      {adding && (
        <FormText
          form={form}
          name="isbn"
          label="ISBN"
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- an opened dialog focuses its first field (a scanner types into it)
          autoFocus
          helper="ISBN-13 or ISBN-10, typed or scanned"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', spellCheck: false, maxLength: 40 } }}
        />
      )}
      {unlisted && (
        <Alert severity="info">This ISBN is not in the catalogue yet. Name the book and the shop will be asked to list it.</Alert>
      )}
      {unlisted &&
        BOOK_FIELDS.map((name) => <FormText key={name} form={form} name={name} label={name[0].toUpperCase() + name.slice(1)} required />)}
      <FormSelect form={form} name="condition" label="Condition" required choices={conditions.map((c) => ({ value: c, label: c }))} />
      <FormText form={form} name="price" label="Price" required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <FormText form={form} name="stock" label="Copies in stock" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <FormText
        form={form}
        name="note"
        label="Note"
        helper="What the copy is like, e.g. “name written inside the cover”"
        multiline
        minRows={2}
      />
      {/* Photos are for a used copy (a new one shows the catalogue's cover); ones already there stay editable. */}
      {!unlisted && (form.values.condition !== 'New' || form.values.photos.length > 0) && (
        <ImageUpload
          label="Photos of your copy"
          noun="photo"
          uploadUrl="/api/seller/photos"
          max={MAX_PHOTOS}
          value={form.values.photos}
          onChange={form.set('photos')}
          error={form.errors.photos}
        />
      )}
    </FormDialog>
  );
}
