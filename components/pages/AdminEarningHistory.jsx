// /admin/earning-history: the earning ledger, newest first: a sale adds the seller's earning and
// the store's commission on a delivered order line; an accepted refund takes them back (a refund
// row, negative). Filtered by kind and by seller (also reached as ?seller=ID from the sellers
// list; the chip then shows that seller's balance), sorted, paged and exported on the server.
import Chip from '@mui/material/Chip';
import AdminLayout from '../admin/AdminLayout.jsx';
import { formatMoney } from '../admin/format.js';
import { day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import Link from '../common/Link.jsx';

const KINDS = [
  { value: 'sale', label: 'Sale' },
  { value: 'refund', label: 'Refund' },
];

const COLUMNS = [
  { key: 'no', label: 'No', sortable: true },
  { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
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
  { key: 'shopName', label: 'Shop', sortable: true },
  { key: 'kind', label: 'Kind', render: (row) => <StatusChip status={row.kind} /> },
  { key: 'sellerEarning', label: 'Seller earning', sortable: true, align: 'right', render: (row) => money(row.sellerEarning) },
  { key: 'adminCommission', label: 'Store commission', sortable: true, align: 'right', render: (row) => money(row.adminCommission) },
];

export default function AdminEarningHistory({ session, list: initial, seller, sellers = [] }) {
  const list = useAdminList('/api/earning-history', initial);
  const narrowedTo = list.params.seller && (
    <Chip
      label={
        seller && String(seller.id) === list.params.seller
          ? `Seller: ${seller.shopName} (balance ${formatMoney(seller.balance)})`
          : `Seller #${list.params.seller}`
      }
      onDelete={() => list.update({ seller: '' })}
    />
  );
  return (
    <AdminLayout active="/admin/earning-history" title="Earning History" session={session}>
      <ListView
        title="Earning history"
        list={list}
        columns={COLUMNS}
        filters={[
          { name: 'kind', label: 'Kind', options: KINDS },
          { name: 'seller', label: 'Seller', options: sellers },
        ]}
        searchLabel="Search earnings"
        emptyText="No earnings yet."
        actions={narrowedTo}
        rowKey="no"
      />
    </AdminLayout>
  );
}
