// The account's pages before sign-in (sign in, sign up, reset, a mailed link): the shop's header
// and footer around one centred card with the page's heading.
import Typography from '@mui/material/Typography';
import { sharedStyled } from '../common/sharedStyles.js';
import ShopLayout from '../shop/ShopLayout.jsx';

const Card = sharedStyled('section', (theme) => ({
  width: '100%',
  maxWidth: 460,
  margin: theme.spacing(2, 'auto', 6),
  padding: theme.spacing(4),
  borderRadius: 8,
  background: theme.palette.background.paper,
  border: `1px solid ${theme.palette.grey[200]}`,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.06)',
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(3, 2), margin: theme.spacing(0, 'auto', 4) },
  '& h1': { margin: 0, fontSize: 26, fontWeight: 700, [theme.breakpoints.down('sm')]: { fontSize: 22 } },
  '& .intro': { margin: theme.spacing(1, 0, 3), color: theme.palette.text.secondary },
  '& .after': { marginTop: theme.spacing(3), display: 'grid', gap: theme.spacing(1), textAlign: 'center' },
}));

// title: the heading; intro: a sentence under it; after: links under the form.
export default function AccountCard({ title, intro, after, children }) {
  return (
    <ShopLayout>
      <Card aria-labelledby="account-card-title">
        <h1 id="account-card-title">{title}</h1>
        {intro ? <p className="intro">{intro}</p> : <div className="intro" />}
        {children}
        {after && (
          <Typography component="div" variant="body2" className="after">
            {after}
          </Typography>
        )}
      </Card>
    </ShopLayout>
  );
}
