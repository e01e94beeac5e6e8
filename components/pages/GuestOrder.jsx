// /orders/{no}?key=…: an order by its signed link (from its confirmation mail, or /orders/lookup),
// seen without an account.
import { sharedStyled } from '../common/sharedStyles.js';
import OrderDetails from '../account/OrderDetails.jsx';
import ButtonLink from '../shop/ButtonLink.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';

const Frame = sharedStyled('div', (theme) => ({
  maxWidth: 880,
  margin: theme.spacing(1, 'auto', 6),
  display: 'grid',
  gap: theme.spacing(2),
  '& h1': { margin: 0, fontSize: 26, fontWeight: 700, [theme.breakpoints.down('sm')]: { fontSize: 21 } },
  '& .note': { margin: 0, color: theme.palette.text.secondary },
}));

export default function GuestOrder({ order, orderKey }) {
  return (
    <ShopLayout>
      <Frame>
        <h1>Order #{order.orderNo}</h1>
        <p className="note">This is your order as the shop has it now. Keep its link to yourself: anyone with it can see the order.</p>
        <OrderDetails order={order} orderKey={orderKey} actions={<ButtonLink href="/">Continue shopping</ButtonLink>} />
      </Frame>
    </ShopLayout>
  );
}
