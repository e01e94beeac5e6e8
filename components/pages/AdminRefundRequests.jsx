// /admin/refund-requests: customers' refund requests, searched, filtered (status), sorted and
// paged on the server; each moves on (Pending -> Processing -> Accepted) after the confirmation
// dialog. Accepting reverses the seller's earning and the store's commission on the refund.
import AdminLayout from '../admin/AdminLayout.jsx';
import { formatMoney } from '../admin/format.js';
import { NameCell, day, money, orDash } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useStatusMove from '../admin/list/useStatusMove.jsx';
import { REFUND_STATUSES } from '../admin/statuses.js';
import Link from '../common/Link.jsx';

const ENDPOINT = '/api/refund-requests';

function consequence(row, to) {
  const what = `Refund request #${row.id}: ${formatMoney(row.amount)} on “${row.name}” (order #${row.orderNo}, ${row.customer}).`;
  if (to === 'Accepted') {
    // Only a seller's line has an earning to reverse; the store's own stock has none.
    const reversal = row.sellerId ? ` and reverses ${row.shopName}’s earning and the store’s commission on it` : '';
    return `${what} Accepting refunds it to the customer${reversal}.`;
  }
  return `${what} It will move to ${to} while it is looked into.`;
}

export default function AdminRefundRequests({ session, list: initial }) {
  const list = useAdminList(ENDPOINT, initial);
  const move = useStatusMove(ENDPOINT, {
    name: (row) => `refund request #${row.id}`,
    describe: (row, to) => ({ message: consequence(row, to), done: `Refund request #${row.id} is now ${to}` }),
    onSettled: () => list.reload(),
  });

  const columns = [
    {
      key: 'orderNo',
      label: 'Order',
      sortable: true,
      render: (row) => (
        <Link href={`/admin/orders/${row.orderNo}`} sx={{ fontWeight: 600 }}>
          #{row.orderNo}
        </Link>
      ),
    },
    { key: 'name', label: 'Product', sortable: true, render: (row) => <NameCell image={row.image} name={row.name} /> },
    { key: 'shopName', label: 'Shop', sortable: true, render: (row) => orDash(row.shopName) },
    { key: 'customer', label: 'Customer' },
    { key: 'amount', label: 'Amount', sortable: true, align: 'right', render: (row) => money(row.amount) },
    { key: 'status', label: 'Status', sortable: true, render: (row) => <StatusChip status={row.status} /> },
    { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
    move.column,
  ];

  return (
    <AdminLayout active="/admin/refund-requests" title="Refund Requests" session={session}>
      <ListView
        title="Refund requests"
        list={list}
        columns={columns}
        filters={[{ name: 'status', label: 'Status', options: REFUND_STATUSES }]}
        searchLabel="Search refund requests"
        emptyText="No refund requests yet."
      />
      {move.dialog}
    </AdminLayout>
  );
}
