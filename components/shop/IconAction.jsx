// A round icon-only button (previous/next, the cart). A plain <button> styled once:
// MUI's IconButton would bring ButtonBase, the ripple and CircularProgress (~9 KB gzip) to
// every storefront's first load. Callers must give it an aria-label.
import { sharedStyled } from '../common/sharedStyles.js';

/** Its look, for a button that adds styles of its own (CartButton). */
export const iconActionLook = (theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 40,
  height: 40,
  padding: 0,
  border: `1px solid ${theme.palette.grey[300]}`,
  borderRadius: '50%',
  background: theme.palette.background.paper,
  color: theme.palette.text.primary,
  cursor: 'pointer',
  transition: 'background-color 150ms, color 150ms, border-color 150ms',
  '& svg': { fontSize: 22 },
  '&:hover': { borderColor: theme.palette.primary.main, color: theme.palette.primary.main },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '&:disabled': { opacity: 0.4, cursor: 'default' },
  '&.small': { width: 32, height: 32, '& svg': { fontSize: 18 } },
});

const IconAction = sharedStyled('button', iconActionLook);

export default IconAction;
