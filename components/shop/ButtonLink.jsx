// A link that looks like a button ("Shop now", "Checkout"): a real <a href>, routed on the client.
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';

/** The shop's filled button, for a <button> as for a link: what every call to action shares. */
export const buttonLook = (theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.spacing(1),
  minHeight: 44,
  padding: theme.spacing(0, 3),
  borderRadius: 6,
  border: `1px solid ${theme.palette.primary.main}`,
  background: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  font: 'inherit',
  fontWeight: 600,
  fontSize: 15,
  cursor: 'pointer',
  '&:hover': { background: theme.palette.primary.dark },
  '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  '&:disabled': { opacity: 0.5, cursor: 'default' },
});

const ButtonLink = sharedStyled(RouterAnchor, (theme) => ({
  ...buttonLook(theme),
  padding: theme.spacing(1.25, 3),
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background-color 150ms, color 150ms',
  '&.outlined': { background: 'transparent', color: theme.palette.primary.main },
  '&.outlined:hover': { background: theme.palette.primary.main, color: theme.palette.primary.contrastText },
}));

export default ButtonLink;
