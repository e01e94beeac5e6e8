// What the server renders for a cart page: the cart lives in the browser (localStorage), so the
// page shows it once the script has read it. Without JavaScript, say why nothing comes.
import { styled } from '@mui/material/styles';

const Box = styled('div')(({ theme }) => ({
  marginBottom: theme.spacing(6),
  padding: theme.spacing(6, 3),
  borderRadius: 8,
  textAlign: 'center',
  color: theme.palette.text.secondary,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& p': { margin: 0 },
}));

export default function CartLoading() {
  return (
    <Box aria-busy="true">
      <p>Loading your cart…</p>
      <noscript>
        <p>Your cart is kept in your browser and needs JavaScript: please turn it on to see your cart and check out.</p>
      </noscript>
    </Box>
  );
}
