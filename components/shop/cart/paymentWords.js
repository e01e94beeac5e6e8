// An order's payment in the shopper's words, at checkout and on the order's pages: the method
// (the checkout's value "Stripe" is a card to the shopper) and the payment status
// (db/models/sales.py PAYMENT_STATUSES; "Success" is the specification's word for paid).
const METHODS = { Stripe: 'Card', Cash: 'Cash on delivery' };

export const methodInWords = (method) => METHODS[method] || method;

// order: {paymentMethod, paymentStatus, payment?: {status}} (payment: the latest charge, if known).
export function paymentInWords(order) {
  switch (order.paymentStatus) {
    case 'Success':
      return 'Paid';
    case 'Refunded':
      return 'Refunded';
    case 'Partly refunded':
      return 'Partly refunded';
    case 'Failed':
      return 'Not paid: the card was declined';
    default:
      if (order.paymentMethod === 'Cash') return 'To pay in cash on delivery';
      if (order.payment?.status === 'requires_action') return 'Waiting for your bank to confirm';
      if (order.payment?.status === 'cancelled') return 'Not paid: the payment was stopped';
      return 'Not paid yet';
  }
}
