// The statuses each kind of record goes through, in order (db/statuses.py holds the moves), as
// the choices of a list's status filter; an order's payment has statuses of its own
// (db/models/sales.py PAYMENT_STATUSES: Success is the specification's word for paid).
const choices = (statuses) => statuses.map((status) => ({ value: status, label: status }));

export const ORDER_STATUSES = choices(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
export const PAYMENT_STATUSES = choices(['Pending', 'Success', 'Failed', 'Refunded', 'Partly refunded']);
export const REFUND_STATUSES = choices(['Pending', 'Processing', 'Accepted']);
export const PAYOUT_STATUSES = choices(['Processing', 'Accepted', 'Rejected']);
export const CATALOGUE_REQUEST_STATUSES = choices(['Pending', 'Accepted', 'Refused']);
