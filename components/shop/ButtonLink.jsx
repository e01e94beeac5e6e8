// A link that looks like a button ("Shop now", "Checkout"): a real <a href>, routed on the client.
import { styled } from '@mui/material/styles';
import RouterAnchor from '../common/RouterAnchor.jsx';

const ButtonLink = styled(RouterAnchor)(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.spacing(1),
  minHeight: 44,
  padding: theme.spacing(1.25, 3),
  borderRadius: 6,
  border: `1px solid ${theme.palette.primary.main}`,
  background: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  fontWeight: 600,
  fontSize: 15,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background-color 150ms, color 150ms',
  '&:hover': { background: theme.palette.primary.dark },
  '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  '&.outlined': { background: 'transparent', color: theme.palette.primary.main },
  '&.outlined:hover': { background: theme.palette.primary.main, color: theme.palette.primary.contrastText },
}));

export default ButtonLink;
