// /account: the signed-in shopper's account: who they are and whether their email is verified.
import { sharedStyled } from '../common/sharedStyles.js';
import AccountLayout from '../account/AccountLayout.jsx';

const Card = sharedStyled('section', (theme) => ({
  padding: theme.spacing(2.5),
  borderRadius: 8,
  background: theme.palette.background.paper,
  border: `1px solid ${theme.palette.grey[200]}`,
  '& dl': { margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: theme.spacing(1, 3) },
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' },
}));

export default function Account({ me }) {
  if (!me) return <AccountLayout title="Your account">Loading…</AccountLayout>;
  return (
    <AccountLayout title="Your account">
      <Card aria-label="Your details">
        <dl>
          <dt>Name</dt>
          <dd>{me.name}</dd>
          <dt>Email</dt>
          <dd>
            {me.email} {me.emailVerified ? '(verified)' : '(not verified yet)'}
          </dd>
        </dl>
      </Card>
    </AccountLayout>
  );
}
