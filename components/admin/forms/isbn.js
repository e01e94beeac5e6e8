// ISBNs as the product form checks them while they are typed: the browser's copy of db/isbn.py's
// parse and grouped, with the same messages, so the form says what the server would say before
// anything is sent (the server checks again).
const SEPARATORS = /[\s\-‐‑‒–—]/g;
const DIGITS = /^\d+$/;

function isbn13CheckDigit(first12) {
  let total = 0;
  for (let i = 0; i < 12; i += 1) total += Number(first12[i]) * (i % 2 ? 3 : 1);
  return String((10 - (total % 10)) % 10);
}

function isbn10CheckDigit(first9) {
  let total = 0;
  for (let i = 0; i < 9; i += 1) total += Number(first9[i]) * (10 - i);
  const check = (11 - (total % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

// The characters of an ISBN without separators, upper-cased (an ISBN-10 may end in X).
export const compactIsbn = (text) => (text || '').replace(SEPARATORS, '').toUpperCase();

// { isbn: the 13 digits of the ISBN-13 } for an ISBN-13 or ISBN-10, or { message } saying what is wrong.
export function parseIsbn(text) {
  const raw = compactIsbn(text);
  if (raw.length === 13 && DIGITS.test(raw)) {
    if (!raw.startsWith('978') && !raw.startsWith('979')) return { message: 'An ISBN-13 starts with 978 or 979' };
    const expected = isbn13CheckDigit(raw.slice(0, 12));
    if (raw[12] !== expected) return { message: `The check digit of this ISBN-13 should be ${expected}, not ${raw[12]}` };
    return { isbn: raw };
  }
  if (raw.length === 10 && DIGITS.test(raw.slice(0, 9)) && /[\dX]/.test(raw[9])) {
    const expected = isbn10CheckDigit(raw.slice(0, 9));
    if (raw[9] !== expected) return { message: `The check digit of this ISBN-10 should be ${expected}, not ${raw[9]}` };
    const first12 = `978${raw.slice(0, 9)}`;
    return { isbn: first12 + isbn13CheckDigit(first12) };
  }
  return { message: 'Enter an ISBN-13 (13 digits) or an ISBN-10 (10 characters, the last may be X)' };
}

// Publisher ranges of the groups 978-0 and 978-1 (as db/isbn.py): [highest 7-digit prefix, length].
const PUBLISHER_RANGES = {
  0: [
    [1999999, 2],
    [6999999, 3],
    [8499999, 4],
    [8999999, 5],
    [9499999, 6],
    [9999999, 7],
  ],
  1: [
    [999999, 2],
    [3999999, 3],
    [5499999, 4],
    [8697999, 5],
    [9989999, 6],
    [9999999, 7],
  ],
};

// 978-0-306-40615-7: prefix, group, publisher, title, check digit (other groups split 1-4-4).
export function groupedIsbn(isbn13) {
  const [prefix, group, rest, check] = [isbn13.slice(0, 3), isbn13[3], isbn13.slice(4, 12), isbn13[12]];
  const ranges = PUBLISHER_RANGES[group];
  const split = ranges ? ranges.find(([highest]) => Number(rest.slice(0, 7)) <= highest)[1] : 4;
  return `${prefix}-${group}-${rest.slice(0, split)}-${rest.slice(split)}-${check}`;
}
