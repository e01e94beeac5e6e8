// Add or edit a search synonym pair: a term and its synonym, each one or two words; search takes
// either for the other. The limits come from the server (db/admin/search_synonyms.py), which
// folds both sides as search reads them and checks again.
import { FormText } from './fields.jsx';
import FormDialog from './FormDialog.jsx';
import useForm from './useForm.js';

const WORD = /[\p{L}\p{N}]+/gu;

export function synonymErrors(values, limits) {
  const errors = {};
  for (const [field, what] of [
    ['term', 'a term'],
    ['synonym', 'a synonym'],
  ]) {
    const value = (values[field] || '').trim();
    const words = value.match(WORD) || [];
    if (!value || value.length > limits.length) errors[field] = `Enter ${what} of 1 to ${limits.length} characters`;
    else if (!words.length || words.length > limits.words)
      errors[field] = `Use one or ${limits.words === 2 ? 'two' : limits.words} words of letters or digits`;
  }
  const same = (text) => (text || '').toLowerCase().match(WORD)?.join(' ');
  if (!errors.term && !errors.synonym && same(values.term) === same(values.synonym)) errors.synonym = "A term can't be its own synonym";
  return errors;
}

const requestBody = (values) => ({ term: values.term.trim(), synonym: values.synonym.trim() });

export default function SynonymForm({ pair, limits, onClose, onSaved }) {
  const form = useForm({ term: pair?.term || '', synonym: pair?.synonym || '' }, (values) => synonymErrors(values, limits));
  const save = async (event) => {
    event.preventDefault();
    const saved = pair
      ? await form.submit('PATCH', `/api/search-synonyms/${pair.id}`, requestBody)
      : await form.submit('POST', '/api/search-synonyms', requestBody);
    if (saved) onSaved(saved);
  };
  return (
    <FormDialog
      open
      title={pair ? `Edit “${pair.term}” ↔ “${pair.synonym}”` : 'New synonym'}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
    >
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an opened dialog focuses its first field (WAI-ARIA dialog pattern) */}
      <FormText form={form} name="term" label="Term" helper="A word or two a shopper types, e.g. maths" required autoFocus />
      <FormText form={form} name="synonym" label="Synonym" helper="Found as well, and the other way round, e.g. mathematics" required />
    </FormDialog>
  );
}
