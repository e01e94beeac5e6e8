// /seller/earnings: the seller's rows of the earning ledger, newest first, paged on the server:
// a sale for each delivered line (less the shop's commission), a reversal for each accepted refund.
import Stack from '@mui/material/Stack';
import Grid from '@mui/material/Grid';
import { formatMoney } from '../admin/format.js';
import { day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import Figure from '../seller/Figure.jsx';
import SellerLayout from '../seller/SellerLayout.jsx';

const KINDS = [
  { value: 'sale', label: 'Sales' },
  { value: 'refund', label: 'Refunds' },
];

export default function SellerEarnings({ session, list: initial, balance, available }) {
  const list = useAdminList('/api/seller/earnings', initial);
  const columns = [
    { key: 'no', label: 'No', sortable: true },
    { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
    { key: 'orderNo', label: 'Order', sortable: true, render: (row) => `#${row.orderNo}` },
    { key: 'kind', label: 'Kind', render: (row) => <StatusChip status={row.kind} /> },
    { key: 'adminCommission', label: 'Commission', sortable: true, align: 'right', render: (row) => money(row.adminCommission) },
    { key: 'sellerEarning', label: 'You earned', sortable: true, align: 'right', render: (row) => money(row.sellerEarning) },
  ];
  return (
    <SellerLayout active="/seller/earnings" title="Earnings" session={session}>
      <Stack spacing={3}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure label="Balance" value={formatMoney(balance)} note="Earnings less refunds and payouts" />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure label="Available to pay out" value={formatMoney(available)} color="success.main" />
          </Grid>
        </Grid>
        <ListView
          title="Your earnings"
          list={list}
          columns={columns}
          filters={[{ name: 'kind', label: 'Kind', options: KINDS }]}
          searchLabel="Search by order number"
          emptyText="No earnings yet: a line earns once its parcel is delivered."
          rowKey="no"
          exportable={false}
        />
      </Stack>
    </SellerLayout>
  );
}
