// An empty cart: say so, and show the way to every shop.
import { styled } from '@mui/material/styles';
import ShoppingBag from '../../icons/ShoppingBagOutlined.js';
import ButtonLink from '../ButtonLink.jsx';
import Link from '../../common/Link.jsx';
import { STOREFRONTS } from '../links.js';

const Box = styled('div')(({ theme }) => ({
  marginBottom: theme.spacing(6),
  padding: theme.spacing(6, 3),
  borderRadius: 8,
  textAlign: 'center',
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& > svg': { fontSize: 64, color: theme.palette.grey[300] },
  '& .lead': { margin: theme.spacing(1, 0, 0.5), fontSize: 20, fontWeight: 700 },
  '& .hint': { margin: theme.spacing(0, 0, 3), color: theme.palette.text.secondary },
  '& h2': { margin: theme.spacing(4, 0, 1.5), fontSize: 16, fontWeight: 600 },
  '& ul': {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: theme.spacing(1),
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  '& li a': {
    display: 'inline-block',
    padding: theme.spacing(0.75, 2),
    borderRadius: 16,
    border: `1px solid ${theme.palette.grey[300]}`,
    fontSize: 14,
    '&:hover': { borderColor: theme.palette.primary.main, color: theme.palette.primary.main },
  },
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(4, 2) },
}));

export default function EmptyCart({ children = 'Your cart is empty.' }) {
  return (
    <Box>
      <ShoppingBag />
      <p className="lead">{children}</p>
      <p className="hint">Find your next book, or browse one of our demo shops.</p>
      <ButtonLink href="/">Shop books</ButtonLink>
      <h2>Our shops</h2>
      <ul>
        {STOREFRONTS.filter((shop) => shop.href !== '/').map((shop) => (
          <li key={shop.href}>
            <Link href={shop.href} underline="none">
              {shop.label}
            </Link>
          </li>
        ))}
      </ul>
    </Box>
  );
}
