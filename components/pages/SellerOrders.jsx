// /seller/orders: the seller's parcels of shoppers' orders, newest first, filtered by status and
// paged on the server: each with its lines and where it goes (the address only). A parcel of a
// paid (or confirmed) order is shipped with its carrier and tracking number; the shopper is mailed.
// A line the seller cannot fill is cancelled before the parcel goes (the shopper refunded, mailed).
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
import CancelLineForm from '../seller/CancelLineForm.jsx';
import SellerLayout from '../seller/SellerLayout.jsx';

const ENDPOINT = '/api/seller/orders';

function Line({ line, onCancel }) {
  const cancelled = Boolean(line.cancelledAt);
  return (
    <div>
      <Typography variant="body2" sx={cancelled ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}>
        {line.qty} × {line.title}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({line.condition})
        </Typography>
      </Typography>
      {cancelled && (
        <Typography variant="caption" component="div" color="error">
          Cancelled: {line.cancelReason}
        </Typography>
      )}
      {line.cancelling && (
        <Typography variant="caption" component="div" color="warning.main">
          Refund not confirmed: cancel again to finish
        </Typography>
      )}
      {onCancel && (
        <Button
          size="small"
          color="error"
          onClick={() => onCancel(line)}
          aria-label={`Cancel ${line.title} of this order`}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          {line.cancelling ? 'Finish cancelling' : 'Cancel line'}
        </Button>
      )}
    </div>
  );
}

function Lines({ row, canCancel, onCancel }) {
  return (
    <div style={{ minWidth: 180 }}>
      {row.lines.map((line) => (
        <Line key={line.id} line={line} onCancel={canCancel && !line.cancelledAt ? (picked) => onCancel(row, picked) : null} />
      ))}
    </div>
  );
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
  const [cancelling, setCancelling] = useState(null);
  const cancelled = (parcel) => {
    notify.success(`Line cancelled on order #${parcel.orderNo}; the shopper is refunded and told why`);
    setCancelling(null);
    list.reload();
  };
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
    {
      key: 'lines',
      label: 'Lines',
      render: (row) => <Lines row={row} canCancel={canShip(row)} onCancel={(parcel, line) => setCancelling({ parcel, line })} />,
    },
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
        canShip(row) &&
        row.lines.some((line) => !line.cancelledAt) && (
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
      {cancelling && (
        <CancelLineForm
          parcel={cancelling.parcel}
          line={cancelling.line}
          onClose={() => setCancelling(null)}
          onSaved={cancelled}
          onNotSaved={() => list.reload()}
        />
      )}
    </SellerLayout>
  );
}
