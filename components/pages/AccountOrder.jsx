// /account/orders/{no}: one of the shopper's orders with its timeline, and "Buy again".
import RouterAnchor from '../common/RouterAnchor.jsx';
import AccountLayout from '../account/AccountLayout.jsx';
import BuyAgain from '../account/BuyAgain.jsx';
import OrderDetails from '../account/OrderDetails.jsx';

export default function AccountOrder({ me, order }) {
  if (!me || !order) return <AccountLayout title="Your order">Loading…</AccountLayout>;
  return (
    <AccountLayout title={`Order #${order.orderNo}`}>
      <RouterAnchor href="/account/orders">← All your orders</RouterAnchor>
      <OrderDetails order={order} actions={<BuyAgain orderNo={order.orderNo} />} />
    </AccountLayout>
  );
}
