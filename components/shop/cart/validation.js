// The checkout's rules, the same as the server's (app/api/shop/checkout.py), so a shopper hears
// about a mistake next to the field before sending anything. The server checks again and has the
// last word: its 422 field errors are shown the same way. The payment methods are those the shop
// offers (config.payments.methods).
export const FIELDS = ['name', 'email', 'phone', 'billingAddress', 'paymentMethod'];

const EMAIL = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const MAX_LINES = 50;
const MAX_QTY = 99;

const length = (label, low, high) => (value) => {
  if (value.length === 0) return `Enter your ${label}`;
  if (value.length < low) return `Your ${label} needs at least ${low} characters`;
  if (value.length > high) return `Your ${label} can have at most ${high} characters`;
  return null;
};

const RULES = {
  name: length('name', 2, 120),
  email: (value) => length('email address', 3, 254)(value) || (EMAIL.test(value) ? null : 'Enter an email address like name@example.com'),
  phone: (value) => {
    if (value.length === 0) return 'Enter your phone number';
    return PHONE.test(value) ? null : 'Enter a phone number of 7 to 20 digits';
  },
  billingAddress: length('billing address', 5, 500),
  paymentMethod: (value, methods) => (methods.includes(value) ? null : 'Choose how you would like to pay'),
};

// The server strips spaces round each text before it checks or stores it.
export const cleaned = (form) => Object.fromEntries(FIELDS.map((field) => [field, (form[field] || '').trim()]));

export function fieldError(field, value, methods) {
  return RULES[field]((value || '').trim(), methods);
}

// {field: message} for every field that breaks a rule.
export function formErrors(form, methods) {
  const errors = {};
  for (const field of FIELDS) {
    const message = fieldError(field, form[field], methods);
    if (message) errors[field] = message;
  }
  return errors;
}

// Errors of the cart's lines, keyed as the server keys them ("items.0.qty", "items.2.id").
export function itemErrors(items) {
  const errors = {};
  if (items.length > MAX_LINES) errors.items = `An order can hold at most ${MAX_LINES} different items`;
  items.forEach((item, i) => {
    if (!/^[1-9]\d*$/.test(String(item.id))) errors[`items.${i}.id`] = 'This item is not sold here any more: please remove it';
    else if (!Number.isInteger(item.qty) || item.qty < 1 || item.qty > MAX_QTY)
      errors[`items.${i}.qty`] = `Order 1 to ${MAX_QTY} of an item`;
  });
  return errors;
}
