// Client-side checks mirroring the server's forms (db/admin/*.py): the same limits, so a person
// sees what is wrong before sending. The server checks again and its 422 errors land on the same
// fields. Each function answers { field: message } for the values as the form holds them (text).
import { parseIsbn } from './isbn.js';

export const MAX_IMAGES = 3;
const MAX_PRICE = 9999999.99;
const MAX_DISCOUNT = 90;
const MAX_STOCK = 1000000;
const EMAIL = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const MONEY = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;

function text(errors, field, value, low, high, what) {
  const length = (value || '').trim().length;
  if (length < low || length > high) {
    errors[field] = low > 0 ? `Enter ${what} of ${low} to ${high} characters` : `Keep ${what} to ${high} characters`;
  }
}

function whole(errors, field, value, high, what) {
  const raw = String(value ?? '').trim();
  if (!WHOLE.test(raw) || Number(raw) > high) errors[field] = `Enter ${what} as a whole number from 0 to ${high.toLocaleString('en')}`;
}

export function productErrors(values) {
  const errors = {};
  text(errors, 'name', values.name, 2, 200, 'a name');
  const price = String(values.price ?? '').trim();
  if (!MONEY.test(price) || Number(price) > MAX_PRICE) errors.price = 'Enter a price such as 12.50 (at most two decimals)';
  whole(errors, 'discount', values.discount, MAX_DISCOUNT, 'the discount');
  whole(errors, 'stock', values.stock, MAX_STOCK, 'the stock');
  if (!values.categoryId) errors.categoryId = 'Choose a category';
  text(errors, 'description', values.description, 0, 5000, 'the description');
  if ((values.images || []).length > MAX_IMAGES) errors.images = `At most ${MAX_IMAGES} images`;
  return errors;
}

export function categoryErrors(values) {
  const errors = {};
  text(errors, 'name', values.name, 2, 120, 'a name');
  return errors;
}

export function brandErrors(values) {
  const errors = {};
  text(errors, 'name', values.name, 1, 120, 'a name');
  return errors;
}

export function customerErrors(values) {
  const errors = {};
  text(errors, 'name', values.name, 2, 120, 'a name');
  if (!EMAIL.test((values.email || '').trim())) errors.email = 'Enter an email address like name@example.com';
  const phone = (values.phone || '').trim();
  if (phone && !PHONE.test(phone)) errors.phone = 'Enter a phone number of 7 to 20 digits, or leave it empty';
  return errors;
}

// A refund of part or all of what is still refundable on an order line.
export function refundErrors(values, refundable) {
  const errors = {};
  const amount = String(values.amount ?? '').trim();
  if (!MONEY.test(amount) || Number(amount) <= 0 || Number(amount) > refundable) {
    errors.amount = `Enter an amount from 0.01 to ${refundable.toFixed(2)} (at most two decimals)`;
  }
  text(errors, 'reason', values.reason, 0, 500, 'the reason');
  return errors;
}

// A seller cancelling a line they cannot fill (db/line_cancel.py CancelForm): the shopper is told why.
export function cancelLineErrors(values) {
  const errors = {};
  text(errors, 'reason', values.reason, 3, 500, 'the reason');
  return errors;
}

// Shipping an order (db/admin/orders.py OrderChanges): one of the carriers and its tracking number.
export function shipmentErrors(values, carriers) {
  const errors = {};
  if (!carriers.includes(values.carrier)) errors.carrier = 'Choose the carrier';
  text(errors, 'trackingNo', values.trackingNo, 3, 60, 'the tracking number');
  return errors;
}

export function packageErrors(values, current) {
  const errors = {};
  if (!values.package) errors.package = 'Choose a package';
  else if (values.package === current) errors.package = `Already on the ${current} package: choose another`;
  if (!values.paymentMethod) errors.paymentMethod = 'Choose how the package is paid';
  return errors;
}

// A book's own fields (db/admin/books.py BookForm), held by the product form as "book.isbn",
// "book.authors"... so that the server's 422 errors, keyed the same way, land on the same fields.
export const BOOK_FORMATS = ['Paperback', 'Hardcover', 'Spiral', 'Board book'];
export const MAX_AUTHORS = 10;
// A level's kinds and the numbers each takes (db/levels.py): a class, a college year, an age range.
export const LEVEL_KINDS = [
  { value: 'class', label: 'Class', low: 1, high: 12, problem: 'A class is a number from 1 to 12' },
  { value: 'college', label: 'College year', low: 1, high: 5, problem: 'A college year is a number from 1 to 5' },
  { value: 'age', label: 'Ages', low: 0, high: 99, problem: 'Give ages from youngest to oldest, such as Ages 5-8' },
];
const FIRST_PRINTED_YEAR = 1450;
const MAX_PAGES = 20000;
const MAX_VOLUME = 999;

// An optional whole number (blank is fine).
function wholeFrom(errors, field, value, low, high, what) {
  const raw = String(value ?? '').trim();
  if (raw && (!WHOLE.test(raw) || Number(raw) < low || Number(raw) > high)) {
    errors[field] = `Enter ${what} as a whole number from ${low} to ${high}, or leave it empty`;
  }
}

function levelProblem(kind, from, to) {
  const spec = LEVEL_KINDS.find((k) => k.value === kind);
  if (!spec) return 'Choose what the level counts: a class, a college year or ages';
  const [low, high] = [String(from ?? '').trim(), String(to ?? '').trim()];
  const inRange = (raw) => WHOLE.test(raw) && Number(raw) >= spec.low && Number(raw) <= spec.high;
  if (!inRange(low) || (kind !== 'class' && high && (!inRange(high) || Number(high) < Number(low)))) return spec.problem;
  return null;
}

export function bookErrors(values) {
  const errors = {};
  const isbn = parseIsbn(values['book.isbn']);
  if (isbn.message) errors['book.isbn'] = isbn.message;
  const authors = values['book.authors'] || [];
  const folded = new Set(authors.map((name) => name.trim().toLowerCase()));
  if (!authors.length) errors['book.authors'] = 'Add at least one author: pick one or type a name and press Enter';
  else if (authors.length > MAX_AUTHORS) errors['book.authors'] = `At most ${MAX_AUTHORS} authors`;
  else if (authors.some((name) => name.trim().length < 2 || name.trim().length > 120))
    errors['book.authors'] = 'Each author’s name is 2 to 120 characters';
  else if (folded.size !== authors.length) errors['book.authors'] = 'Name each author once';
  text(errors, 'book.publisher', values['book.publisher'], 0, 120, 'the publisher');
  text(errors, 'book.edition', values['book.edition'], 0, 40, 'the edition');
  wholeFrom(errors, 'book.year', values['book.year'], FIRST_PRINTED_YEAR, new Date().getFullYear() + 1, 'the year');
  if (!BOOK_FORMATS.includes(values['book.format'])) errors['book.format'] = 'Choose a format';
  wholeFrom(errors, 'book.pages', values['book.pages'], 1, MAX_PAGES, 'the pages');
  text(errors, 'book.language', values['book.language'], 2, 40, 'a language');
  const level = levelProblem(values['book.levelKind'], values['book.levelFrom'], values['book.levelTo']);
  if (level) errors['book.level'] = level;
  text(errors, 'book.subject', values['book.subject'], 0, 80, 'the subject');
  text(errors, 'book.series', values['book.series'], 0, 120, 'the series');
  wholeFrom(errors, 'book.volume', values['book.volume'], 1, MAX_VOLUME, 'the volume');
  return errors;
}

// A seller's offer (db/seller_portal/offers.py): the ISBN when adding one, the book's name when the
// catalogue lacks it (`unlisted`), and the offer's own price, stock and note.
export function offerErrors(values, { adding, unlisted }) {
  const errors = {};
  if (adding) {
    const { message } = parseIsbn(values.isbn);
    if (message) errors.isbn = message;
  }
  if (!values.condition) errors.condition = 'Choose the condition';
  const price = String(values.price ?? '').trim();
  if (!MONEY.test(price) || Number(price) > MAX_PRICE) errors.price = 'Enter a price such as 12.50 (at most two decimals)';
  whole(errors, 'stock', values.stock, MAX_STOCK, 'the stock');
  text(errors, 'note', values.note, 0, 500, 'the note');
  if (unlisted) {
    text(errors, 'title', values.title, 2, 200, 'the title');
    text(errors, 'authors', values.authors, 2, 400, 'the authors');
    text(errors, 'publisher', values.publisher, 2, 120, 'the publisher');
  }
  return errors;
}
