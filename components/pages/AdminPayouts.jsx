// /admin/payouts: the money paid out to sellers (each from an accepted payout request), newest
// first, searched, filtered (seller, payment method), sorted, paged and exported on the server.
// Read-only.
import AdminLayout from '../admin/AdminLayout.jsx';
import { day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import useAdminList from '../admin/list/useAdminList.js';

const COLUMNS = [
  { key: 'no', label: 'No', sortable: true },
  { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
  { key: 'sellerInfo', label: 'Seller', sortable: true },
  { key: 'payment', label: 'Payment method', sortable: true },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', render: (row) => money(row.amount) },
];

export default function AdminPayouts({ session, list: initial, sellers = [], paymentMethods = [] }) {
  const list = useAdminList('/api/payouts', initial);
  const filters = [
    { name: 'seller', label: 'Seller', options: sellers },
    { name: 'payment', label: 'Payment method', options: paymentMethods.map((method) => ({ value: method, label: method })) },
  ];
  return (
    <AdminLayout active="/admin/payouts" title="Payouts" session={session}>
      <ListView
        title="Payouts"
        list={list}
        columns={COLUMNS}
        filters={filters}
        searchLabel="Search payouts"
        emptyText="No payouts yet."
        rowKey="no"
      />
    </AdminLayout>
  );
}
