// What each move of an order says on its button and in its confirmation (db/statuses.py holds the
// moves, db/admin/orders.py the money's rules). A cash-on-delivery order nobody paid yet is
// delivered by recording its cash collected (POST /api/orders/{id}/cash-collected), never by a
// plain move; shipping asks for the carrier and tracking number in its own form.
import { formatMoney } from '../format.js';

// Payment statuses of an order money was taken for (db/payments.py TAKEN).
const TAKEN = ['Success', 'Refunded', 'Partly refunded'];

export const cashDue = (order) => order.paymentMethod === 'Cash' && !TAKEN.includes(order.paymentStatus);

// The succeeded card charge a refund goes back to through Stripe (others are paid out by hand).
export const paidByCard = (order) =>
  order.payments.some((p) => p.kind === 'charge' && p.status === 'succeeded' && p.provider === 'stripe' && p.reference);

export function moveLabel(order, to) {
  if (to === 'Delivered') return cashDue(order) ? 'Cash collected' : 'Mark delivered';
  return { Processing: 'Mark processing', Shipped: 'Ship', Cancelled: 'Cancel order' }[to] || `Move to ${to}`;
}

// Delivering records each seller's earning on their lines, less the store's commission.
const EARNINGS = ' Each seller’s earning on their lines is recorded, less the store’s commission.';

// useStatusMove's describe(order, to) for the order's page.
export function describeMove(order, to) {
  const amount = formatMoney(order.amount);
  const done = `Order #${order.id} is now ${to}`;
  if (to === 'Delivered' && cashDue(order)) {
    return {
      message: `Record ${amount} in cash collected from ${order.customer.name} for order #${order.id}: the order becomes paid and Delivered.${EARNINGS}`,
      acknowledgement: `${amount} in cash was collected`,
      request: ['POST', `/api/orders/${order.id}/cash-collected`],
      done: `Cash of ${amount} collected: order #${order.id} is paid and Delivered`,
    };
  }
  if (to === 'Cancelled') {
    const card = order.paymentMethod === 'Stripe' ? ', its card payment is stopped' : '';
    return {
      message: `Order #${order.id} (${amount}) will be cancelled: its books go back in stock${card} and the customer is told.`,
      acknowledgement: `Cancel order #${order.id}`,
      done: `Order #${order.id} is cancelled`,
    };
  }
  const consequence = to === 'Delivered' ? EARNINGS : '';
  return { message: `Order #${order.id} (${amount}) will move from ${order.status} to ${to}.${consequence}`, done };
}

// The confirmation of a refund request moved on from the order's page: accepting pays it back.
export function describeRefundMove(order, refund, to) {
  const what = `Refund request #${refund.id}: ${formatMoney(refund.amount)} on “${refund.title}”.`;
  const done = `Refund request #${refund.id} is now ${to}`;
  if (to !== 'Accepted') return { message: `${what} It will move to ${to} while it is looked into.`, done };
  const how = paidByCard(order) ? 'refunds it to the customer’s card through Stripe' : 'records it as paid back by hand';
  // Only a seller's line has an earning to reverse; the store's own stock has none.
  const line = order.lines.find((l) => l.id === refund.lineId);
  const reversal = line?.sellerId ? ' and reverses the seller’s earning on it' : '';
  return { message: `${what} Accepting ${how}${reversal}.`, done };
}
