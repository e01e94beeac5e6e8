// /admin/customers: customers with their number of orders and balance, searched (name, email,
// phone), sorted and paged on the server; each opens their own page.
import AdminLayout from '../admin/AdminLayout.jsx';
import { NameCell, money, orDash } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import useAdminList from '../admin/list/useAdminList.js';

const COLUMNS = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    render: (row) => <NameCell href={`/admin/customers/${row.id}`} image={row.image} name={row.name} round />,
  },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'phone', label: 'Phone', sortable: true, render: (row) => orDash(row.phone) },
  { key: 'hasAccount', label: 'Account', render: (row) => (row.hasAccount ? 'Yes' : 'Guest') },
  { key: 'orders', label: 'Orders', sortable: true, align: 'right' },
  { key: 'balance', label: 'Balance', sortable: true, align: 'right', render: (row) => money(row.balance) },
];

export default function AdminCustomers({ session, list: initial }) {
  const list = useAdminList('/api/customers', initial);
  return (
    <AdminLayout active="/admin/customers" title="Customers" session={session}>
      <ListView title="Customers" list={list} columns={COLUMNS} searchLabel="Search customers" emptyText="No customers yet." />
    </AdminLayout>
  );
}
