// The cart: items {id (string), offerId?, condition?, seller?, name, price, imgUrl, qty} kept in
// localStorage (key `cart`).
// SPEC §4: setting an item's amount below 1 removes it; an existing item's qty is replaced;
// a new item is added. In demo mode a first-time visitor starts with SPEC §3's demo cart: the
// page config's `demoCart`, real products at 250 found by the server, so a demo checkout works.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';

const STORAGE_KEY = 'cart';
const CartContext = createContext(null);

// A line is one offer of a product (GET /api/products/{id}/offers): the New and a used copy of one
// book are two lines. A line without offerId (a card's, a booklist's, a cart saved before offers)
// buys the product's buy box.
export const lineKey = (item) => (item.offerId ? `${item.id}:${item.offerId}` : String(item.id));

// What a line keeps besides its qty: the offer's condition and marketplace seller, to show.
const lineOf = ({ id, offerId, name, price, imgUrl, condition, seller }) => ({
  id: String(id),
  ...(offerId && { offerId: String(offerId), condition, ...(seller && { seller }) }),
  name,
  price,
  imgUrl,
});

export function changeCartAmount(items, item) {
  const key = lineKey(item);
  if (item.qty < 1) return items.filter((it) => lineKey(it) !== key);
  if (items.some((it) => lineKey(it) === key)) return items.map((it) => (lineKey(it) === key ? { ...it, qty: item.qty } : it));
  return [...items, { ...lineOf(item), qty: item.qty }];
}

// What the shop says now about a line ({id, offerId?} with its current price, the qty left in
// stock): unlike a shopper's change, this may change the price too. qty below 1 removes the line.
export function reviseCartItem(items, { price, qty, ...line }) {
  const key = lineKey(line);
  if (qty !== undefined && qty < 1) return items.filter((it) => lineKey(it) !== key);
  return items.map((it) => (lineKey(it) === key ? { ...it, price: price ?? it.price, qty: qty ?? it.qty } : it));
}

function reducer(state, action) {
  switch (action.type) {
    case 'load':
      return { items: action.items, loaded: true };
    case 'change':
      return { ...state, items: changeCartAmount(state.items, action.item) };
    case 'revise':
      return { ...state, items: reviseCartItem(state.items, action.item) };
    case 'clear':
      return { ...state, items: [] };
    default:
      return state;
  }
}

function readSaved(firstCart) {
  try {
    const saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY));
    if (Array.isArray(saved)) return saved;
  } catch {
    /* a corrupt entry starts a fresh cart */
  }
  return firstCart;
}

// config: the page config (`demo`, `demoCart`). It is read once, when the cart loads after
// hydration: a navigation brings a new config object, not a new cart.
export function CartProvider({ config = {}, children }) {
  const [state, dispatch] = useReducer(reducer, { items: [], loaded: false });
  const firstCart = useRef(config.demo && Array.isArray(config.demoCart) ? config.demoCart : []);

  // Applied as a transition so hydration of not-yet-loaded sections keeps the server markup.
  useEffect(() => startTransition(() => dispatch({ type: 'load', items: readSaved(firstCart.current) })), []);
  useEffect(() => {
    if (state.loaded) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state.items));
  }, [state]);

  const changeAmount = useCallback((item) => dispatch({ type: 'change', item }), []);
  const revise = useCallback((item) => dispatch({ type: 'revise', item }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const value = useMemo(() => {
    const count = state.items.reduce((sum, it) => sum + it.qty, 0);
    // Summed in cents, so three items at 0.10 make 0.30, not 0.30000000000000004.
    const total = state.items.reduce((sum, it) => sum + Math.round(it.price * 100) * it.qty, 0) / 100;
    // loaded: false until the saved cart has been read (the server and hydration know no cart).
    return { items: state.items, count, total, loaded: state.loaded, changeAmount, revise, clear };
  }, [state.items, state.loaded, changeAmount, revise, clear]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export const useCart = () => useContext(CartContext);
