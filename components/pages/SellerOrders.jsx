// /seller/orders: the seller's parcels of shoppers' orders, newest first, filtered by status and
// paged on the server: each with its lines and where it goes (the address only). A parcel of a
// paid (or confirmed) order is shipped with its carrier and tracking number; the shopper is mailed.
import { useState } from 'react';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ShipOrderForm from '../admin/forms/ShipOrderForm.jsx';
import { day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import { notify } from '../common/toast.jsx';
import SellerLayout from '../seller/SellerLayout.jsx';

const ENDPOINT = '/api/seller/orders';

function Lines({ lines }) {
  return lines.map((line) => (
    <Typography key={line.id} variant="body2" sx={{ minWidth: 180 }}>
      {line.qty} × {line.title}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        ({line.condition})
      </Typography>
    </Typography>
  ));
}

function Address({ text }) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-line', minWidth: 160 }}>
      {text}
    </Typography>
  );
}

function Tracking({ row }) {
  if (!row.trackingNo) return null;
  return (
    <Typography variant="caption" component="div" color="text.secondary">
      {row.carrier} {row.trackingNo}
    </Typography>
  );
}

export default function SellerOrders({ session, list: initial, statuses = [], carriers = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  const [shipping, setShipping] = useState(null);
  const shipped = (parcel) => {
    notify.success(`Order #${parcel.orderNo} shipped with ${parcel.carrier}`);
    setShipping(null);
    list.reload();
  };
  // A cash order is confirmed by the shop first (Pending); then it can be packed.
  const canShip = (row) => row.status === 'Processing' && row.orderStatus !== 'Pending';

  const columns = [
    { key: 'orderNo', label: 'Order', sortable: true, render: (row) => `#${row.orderNo}` },
    { key: 'date', label: 'Date', sortable: true, render: (row) => day(row.date) },
    { key: 'lines', label: 'Lines', render: (row) => <Lines lines={row.lines} /> },
    { key: 'address', label: 'Deliver to', render: (row) => <Address text={row.address} /> },
    { key: 'total', label: 'Total', align: 'right', render: (row) => money(row.total) },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (row) => (
        <>
          <StatusChip status={row.status} />
          <Tracking row={row} />
          {row.status === 'Processing' && row.orderStatus === 'Pending' && (
            <Typography variant="caption" component="div" color="text.secondary">
              Awaiting payment
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (row) =>
        canShip(row) && (
          <Button
            size="small"
            variant="contained"
            startIcon={<LocalShippingOutlined />}
            onClick={() => setShipping(row)}
            aria-label={`Ship order #${row.orderNo}`}
          >
            Ship
          </Button>
        ),
    },
  ];

  return (
    <SellerLayout active="/seller/orders" title="Orders" session={session}>
      <ListView
        title="Your orders"
        list={list}
        columns={columns}
        filters={[{ name: 'status', label: 'Status', options: statuses.map((s) => ({ value: s, label: s })) }]}
        searchLabel="Search by order number"
        emptyText="No orders yet."
        exportable={false}
      />
      {shipping && (
        <ShipOrderForm
          order={{ id: shipping.orderNo }}
          url={`/api/seller/orders/${shipping.id}/ship`}
          carriers={carriers}
          onClose={() => setShipping(null)}
          onSaved={shipped}
          onNotSaved={() => list.reload()}
        />
      )}
    </SellerLayout>
  );
}
