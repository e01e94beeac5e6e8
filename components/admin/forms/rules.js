// Client-side checks mirroring the server's forms (db/admin/*.py): the same limits, so a person
// sees what is wrong before sending. The server checks again and its 422 errors land on the same
// fields. Each function answers { field: message } for the values as the form holds them (text).
export const MAX_IMAGES = 3;
const MAX_PRICE = 9999999.99;
const MAX_DISCOUNT = 90;
const MAX_STOCK = 1000000;
const EMAIL = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;
const PHONE = /^\+?[0-9 ()\-]{7,20}$/;
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

export function packageErrors(values, current) {
  const errors = {};
  if (!values.package) errors.package = 'Choose a package';
  else if (values.package === current) errors.package = `Already on the ${current} package: choose another`;
  if (!values.paymentMethod) errors.paymentMethod = 'Choose how the package is paid';
  return errors;
}
