// An order opened from its page to be paid with another card (/checkout#pay=…): read from that
// page's own props (its address with Accept: application/json: the guest's signed link with the
// key, else the account's order), then shown as the checkout shows a placed order.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { getJson } from '../../account/api.js';
import CartLoading from './CartLoading.jsx';
import OrderPlaced from './OrderPlaced.jsx';
import { PageTitle } from './layout.js';

const pageOf = (orderNo, key) => (key ? `/orders/${orderNo}?key=${encodeURIComponent(key)}` : `/account/orders/${orderNo}`);

// The order record of the order's page as OrderPlaced reads a placed order.
const asPlaced = (order, key) => ({
  ...order,
  key,
  signedIn: !key,
  items: order.lines.map((line) => ({ id: line.productId, qty: line.qty, name: line.title })),
});

export default function OrderToPay({ orderNo, orderKey }) {
  const [order, setOrder] = useState(undefined);
  useEffect(() => {
    let live = true;
    getJson(pageOf(orderNo, orderKey)).then((page) => live && setOrder(page?.props?.order || null));
    return () => {
      live = false;
    };
  }, [orderNo, orderKey]);

  if (order === undefined) {
    return (
      <>
        <PageTitle>Pay for order #{orderNo}</PageTitle>
        <CartLoading />
      </>
    );
  }
  if (order === null) {
    return (
      <>
        <PageTitle>Pay for order #{orderNo}</PageTitle>
        <Alert severity="error">We could not find this order. Open it again from its page or from the mail we sent you.</Alert>
      </>
    );
  }
  return <OrderPlaced order={asPlaced(order, orderKey)} title={`Pay for order #${orderNo}`} />;
}
