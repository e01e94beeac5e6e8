// The cart: items {id (string), name, price, imgUrl, qty} kept in localStorage (key `cart`).
// SPEC §4: setting an item's amount below 1 removes it; an existing item's qty is replaced;
// a new item is added. In demo mode a first-time visitor starts with SPEC §3's demo cart.
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer } from 'react';

const STORAGE_KEY = 'cart';
const CartContext = createContext(null);

export const DEMO_CART = [1, 2, 3].map((n) => ({
  id: `demo-${n}`,
  name: ['Class 8 Mathematics Workbook', 'The Lantern Keeper', 'Fresh Onion (1 kg)'][n - 1],
  price: 250,
  imgUrl: null,
  qty: 1,
}));

export function changeCartAmount(items, item) {
  const id = String(item.id);
  if (item.qty < 1) return items.filter((it) => it.id !== id);
  if (items.some((it) => it.id === id)) return items.map((it) => (it.id === id ? { ...it, qty: item.qty } : it));
  return [...items, { id, name: item.name, price: item.price, imgUrl: item.imgUrl, qty: item.qty }];
}

function reducer(state, action) {
  switch (action.type) {
    case 'load':
      return { items: action.items, loaded: true };
    case 'change':
      return { ...state, items: changeCartAmount(state.items, action.item) };
    case 'clear':
      return { ...state, items: [] };
    default:
      return state;
  }
}

function readSaved(demo) {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (saved !== null) return JSON.parse(saved);
  } catch {
    /* a corrupt entry starts a fresh cart */
  }
  return demo ? DEMO_CART : [];
}

export function CartProvider({ demo = false, children }) {
  const [state, dispatch] = useReducer(reducer, { items: [], loaded: false });

  useEffect(() => dispatch({ type: 'load', items: readSaved(demo) }), [demo]);
  useEffect(() => {
    if (state.loaded) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state.items));
  }, [state]);

  const changeAmount = useCallback((item) => dispatch({ type: 'change', item }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const value = useMemo(() => {
    const count = state.items.reduce((sum, it) => sum + it.qty, 0);
    const total = state.items.reduce((sum, it) => sum + it.qty * it.price, 0);
    return { items: state.items, count, total, changeAmount, clear };
  }, [state.items, changeAmount, clear]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export const useCart = () => useContext(CartContext);
