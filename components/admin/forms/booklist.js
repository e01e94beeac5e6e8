// A booklist in the back office: its name in messages, the form's values, the client-side checks
// mirroring db/admin/booklists.py (the same limits; the server checks again and its 422 errors,
// keyed like "items.2.productId", land on the same fields) and the body the API takes.
export const booklistName = (list) => `${list.school}, Class ${list.grade} ${list.academicYear}`;

const ACADEMIC_YEAR = /^(\d{4})\s*[-/–]\s*(\d{2}|\d{4})$/;
const WHOLE = /^\d+$/;
let nextKey = 0;

// Each row keeps a key of its own: rows are removed from anywhere in the list.
export const itemRow = (item) => ({ key: `row-${(nextKey += 1)}`, ...item, quantity: String(item.quantity ?? 1), note: item.note ?? '' });

export function initialValues(booklist) {
  if (!booklist) return { school: '', grade: '', academicYear: suggestedYear(), published: true, items: [] };
  return { ...booklist, grade: String(booklist.grade), items: booklist.items.map(itemRow) };
}

// The academic year starting this calendar year, e.g. "2026-27".
export function suggestedYear(today = new Date()) {
  const start = today.getFullYear();
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

function yearError(text) {
  const match = ACADEMIC_YEAR.exec((text || '').trim());
  if (!match) return 'Enter the academic year like 2026-27';
  const start = Number(match[1]);
  const end = Number(match[2]);
  const follows = match[2].length === 4 ? end === start + 1 : end === (start + 1) % 100;
  return follows ? null : `The second year must follow the first: ${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function booklistErrors(values, limits) {
  const errors = {};
  const school = (values.school || '').trim().length;
  if (school < 2 || school > 120) errors.school = 'Enter the school’s name (2 to 120 characters)';
  if (!values.grade) errors.grade = 'Choose the class';
  const year = yearError(values.academicYear);
  if (year) errors.academicYear = year;
  if (values.items.length === 0) errors.items = 'Add at least one book';
  if (values.items.length > limits.items) errors.items = `At most ${limits.items} books on one list`;
  values.items.forEach((item, row) => {
    const quantity = String(item.quantity).trim();
    if (!WHOLE.test(quantity) || Number(quantity) < 1 || Number(quantity) > limits.quantity) {
      errors[`items.${row}.quantity`] = `1 to ${limits.quantity}`;
    }
    if ((item.note || '').trim().length > 200) errors[`items.${row}.note`] = 'Keep the note to 200 characters';
  });
  return errors;
}

export function requestBody(values) {
  return {
    school: values.school.trim(),
    grade: Number(values.grade),
    academicYear: values.academicYear.trim(),
    published: values.published,
    items: values.items.map((item) => ({
      productId: item.productId,
      quantity: Number(item.quantity),
      required: item.required,
      note: item.note.trim(),
    })),
  };
}
