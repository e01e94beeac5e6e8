// Storefront addresses, built the way the server's db/queries/content.py builds them.
export const searchUrl = (term) => `/product/search/${encodeURIComponent(term)}`;
export const productUrl = (id) => `/product/${id}`;

// Every storefront of SPEC.md §2.
export const STOREFRONTS = [
  { label: 'Student Books', href: '/' },
  { label: 'Market', href: '/market-1' },
  { label: 'Grocery', href: '/grocery1' },
  { label: 'Grocery Express', href: '/grocery2' },
  { label: 'Grocery Market', href: '/grocery3' },
  { label: 'Gadget Shop', href: '/gadget-shop' },
  { label: 'Fashion Shop', href: '/fashion-shop' },
  { label: 'Furniture Shop', href: '/furniture-shop' },
  { label: 'Health & Beauty', href: '/healthbeauty-shop' },
  { label: 'Gift Shop', href: '/gift-shop' },
];
