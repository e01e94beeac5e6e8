// The heart that saves a product to the wishlist. Rendered "not saved" on the server and during
// hydration (the cached page is everyone's); the shopper's own state arrives in an effect from
// state/wishlist.js, which asks GET /api/me/wishlist once per page load. Light on purpose: every
// product card has one (no MUI, an inline SVG).
import { useEffect, useState } from 'react';
import { loadWishlist, subscribe, toggleWish } from '../state/wishlist.js';
import { notify } from '../common/toast.jsx';

const PATH =
  'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z';

export default function WishHeart({ id, title, className = 'wish' }) {
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadWishlist();
    return subscribe((state) => setSaved(state.ids.has(id)));
  }, [id]);

  const press = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const now = await toggleWish(id);
      if (now !== saved) notify.success(now ? `${title} saved to your wishlist` : `${title} removed from your wishlist`);
    } catch {
      notify.error('Your wishlist could not be changed: try again');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${title} from your wishlist` : `Save ${title} to your wishlist`}
      data-saved={saved ? 'true' : 'false'}
      onClick={press}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={PATH} />
      </svg>
    </button>
  );
}

// The heart's look, for a card's one class (common/sharedStyles.js): place it with `top`/`right`.
export const wishHeartStyles = (theme) => ({
  position: 'absolute',
  zIndex: 1,
  width: 36,
  height: 36,
  display: 'grid',
  placeItems: 'center',
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'rgba(255, 255, 255, 0.92)',
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.15)',
  cursor: 'pointer',
  color: theme.palette.text.secondary,
  '& path': { fill: 'none', stroke: 'currentColor', strokeWidth: 2 },
  '&[aria-pressed="true"]': { color: theme.palette.primary.main },
  '&[aria-pressed="true"] path': { fill: 'currentColor' },
  '&:hover': { color: theme.palette.primary.main },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
});
