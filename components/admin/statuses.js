// The statuses each kind of record goes through, in order (db/statuses.py holds the moves), as
// the choices of a list's status filter.
const choices = (statuses) => statuses.map((status) => ({ value: status, label: status }));

export const ORDER_STATUSES = choices(['Pending', 'Processing', 'Delivered']);
export const REFUND_STATUSES = choices(['Pending', 'Processing', 'Accepted']);
export const PAYOUT_STATUSES = choices(['Processing', 'Accepted', 'Rejected']);
