// An address's rules, the same as the server's (app/api/address_form.py), so a shopper hears of a
// mistake beside the field before sending; the server checks again and its 422 errors show alike.
export const ADDRESS_FIELDS = ['name', 'phone', 'line1', 'line2', 'city', 'postcode', 'country'];
export const EMPTY_ADDRESS = { name: '', phone: '', line1: '', line2: '', city: '', postcode: '', country: '' };

// field: [what the shopper calls it, fewest characters (0: may be left empty), most characters]
const RULES = {
  name: ['name', 2, 120],
  phone: ['phone number', 0, 20],
  line1: ['street address', 3, 200],
  line2: ['second address line', 0, 200],
  city: ['town or city', 2, 100],
  postcode: ['postcode', 2, 20],
  country: ['country', 2, 60],
};
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\x00-\x1f\x7f]/;

export const isOptional = (field) => RULES[field][1] === 0;

export function addressFieldError(field, raw) {
  const [label, low, high] = RULES[field];
  const value = (raw || '').trim();
  if (CONTROL.test(value)) return `Write the ${label} on one line, without special characters`;
  if (!value) return low ? `Enter the ${label}` : null;
  if (value.length < low) return `The ${label} needs at least ${low} characters`;
  if (value.length > high) return `The ${label} can have at most ${high} characters`;
  if (field === 'phone' && !PHONE.test(value)) return 'Enter a phone number of 7 to 20 digits';
  if (field === 'postcode' && !POSTCODE.test(value)) return 'A postcode has only letters, digits, spaces and hyphens';
  return null;
}

// {field: message} for every field of the address that breaks a rule.
export function addressErrors(address) {
  const errors = {};
  for (const field of ADDRESS_FIELDS) {
    const message = addressFieldError(field, address[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

export const cleanedAddress = (address) => Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, (address[field] || '').trim()]));

// An address on lines, as a label shows it.
export function addressLines(address) {
  const place = [address.postcode, address.city].filter(Boolean).join(' ');
  return [address.name, address.line1, address.line2, place, address.country, address.phone && `Phone: ${address.phone}`].filter(Boolean);
}
