// /admin/package-payments: what sellers paid for their packages, newest first, searched, filtered
// (package), sorted, paged and exported on the server. Read-only: a payment is recorded when a
// seller moves to a package (the sellers list).
import AdminLayout from '../admin/AdminLayout.jsx';
import { day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import useAdminList from '../admin/list/useAdminList.js';

const COLUMNS = [
  { key: 'no', label: 'No', sortable: true },
  { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
  { key: 'seller', label: 'Seller', sortable: true },
  { key: 'package', label: 'Package', sortable: true },
  { key: 'payment', label: 'Payment method', sortable: true },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', render: (row) => money(row.amount) },
];

export default function AdminPackagePayments({ session, list: initial, packages = [] }) {
  const list = useAdminList('/api/package-payments', initial);
  return (
    <AdminLayout active="/admin/package-payments" title="Package Payments" session={session}>
      <ListView
        title="Package payments"
        list={list}
        columns={COLUMNS}
        filters={[{ name: 'package', label: 'Package', options: packages.map((p) => ({ value: p.name, label: p.name })) }]}
        searchLabel="Search package payments"
        emptyText="No package payments yet."
        rowKey="no"
      />
    </AdminLayout>
  );
}
