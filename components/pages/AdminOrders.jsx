// /admin/orders: every order, newest first, searched, filtered (status, payment status), sorted and paged on the
// server; each opens its own page, where it moves on through its statuses.
import AdminLayout from '../admin/AdminLayout.jsx';
import { Clipped, day, money, Nowrap } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../admin/statuses.js';
import Link from '../common/Link.jsx';

const COLUMNS = [
  {
    key: 'id',
    label: 'Order',
    sortable: true,
    render: (row) => (
      <Link href={`/admin/orders/${row.id}`} sx={{ fontWeight: 600 }}>
        #{row.id}
      </Link>
    ),
  },
  {
    key: 'customer',
    label: 'Customer',
    sortable: true,
    render: (row) => <Link href={`/admin/customers/${row.customerId}`}>{row.customer}</Link>,
  },
  { key: 'qty', label: 'Items', sortable: true, align: 'right' },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', render: (row) => money(row.amount) },
  { key: 'status', label: 'Status', sortable: true, render: (row) => <StatusChip status={row.status} /> },
  {
    key: 'paymentStatus',
    label: 'Payment',
    sortable: true,
    render: (row) => (
      <Nowrap>
        {row.paymentMethod} <StatusChip status={row.paymentStatus} />
      </Nowrap>
    ),
  },
  { key: 'purchaseDate', label: 'Purchased', sortable: true, render: (row) => day(row.purchaseDate) },
  { key: 'billingAddress', label: 'Billing address', render: (row) => <Clipped text={row.billingAddress} width={280} /> },
];

export default function AdminOrders({ session, list: initial }) {
  const list = useAdminList('/api/orders', initial);
  return (
    <AdminLayout active="/admin/orders" title="Orders" session={session}>
      <ListView
        title="Orders"
        list={list}
        columns={COLUMNS}
        filters={[
          { name: 'status', label: 'Status', options: ORDER_STATUSES },
          { name: 'paymentStatus', label: 'Payment', options: PAYMENT_STATUSES },
        ]}
        searchLabel="Search orders"
        emptyText="No orders yet."
      />
    </AdminLayout>
  );
}
