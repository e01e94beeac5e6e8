// An order's shipments for staff: one per seller (the store's own lines are one too), each with
// its status, carrier and tracking link, when it went and arrived, and its lines with their
// condition. A shipped parcel is marked delivered on its own (POST …/shipments/{id}/delivered), so
// an order of several sellers is delivered part by part; the order follows its shipments.
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import DataTable from '../DataTable.jsx';
import { Nowrap, TwoLines, day, orDash } from '../list/cells.jsx';
import StatusChip from '../list/StatusChip.jsx';
import useStatusMove from '../list/useStatusMove.jsx';
import { cashDue } from './moves.js';

function Tracking({ shipment }) {
  if (!shipment.carrier) return '—';
  const number = shipment.trackingUrl ? (
    <MuiLink
      href={shipment.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Track the parcel from ${shipment.seller}: ${shipment.trackingNo} with ${shipment.carrier}`}
    >
      {shipment.trackingNo}
    </MuiLink>
  ) : (
    shipment.trackingNo
  );
  return <TwoLines primary={shipment.carrier} secondary={number} />;
}

function Lines({ lines }) {
  return (
    <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none', minWidth: 220 }}>
      {lines.map((line) => (
        <Box component="li" key={line.id} sx={{ typography: 'body2' }}>
          {line.qty} × {line.title}{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            ({line.condition})
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export default function OrderShipments({ order, onSettled }) {
  const linesOf = (shipment) => order.lines.filter((line) => shipment.lineIds.includes(line.id));
  const describe = (shipment) => {
    // The last parcel to arrive delivers the order: its sellers' earnings are written then.
    const last = order.shipments.every((s) => s.id === shipment.id || ['Delivered', 'Cancelled'].includes(s.status));
    return {
      message: `${shipment.seller}’s parcel of order #${order.id} (${shipment.carrier} ${shipment.trackingNo}) arrived?${
        last ? ' It is the last one: the order becomes Delivered and each seller’s earning is recorded.' : ''
      }`,
      acknowledgement: `The parcel from ${shipment.seller} was delivered`,
      request: ['POST', `/api/orders/${order.id}/shipments/${shipment.id}/delivered`],
      done: `${shipment.seller}’s parcel of order #${order.id} is delivered`,
    };
  };
  const move = useStatusMove('/api/orders', { name: (s) => `the parcel from ${s.seller}`, describe, onSettled });
  const lastCashParcel = (shipment) =>
    cashDue(order) && order.shipments.every((s) => s.id === shipment.id || ['Delivered', 'Cancelled'].includes(s.status));

  const columns = [
    { key: 'seller', label: 'Seller', render: (s) => <TwoLines primary={s.seller} secondary={`Shipment #${s.id}`} /> },
    { key: 'status', label: 'Status', render: (s) => <StatusChip status={s.status} /> },
    { key: 'carrier', label: 'Carrier', render: (s) => <Tracking shipment={s} /> },
    { key: 'shippedAt', label: 'Shipped', render: (s) => (s.shippedAt ? day(s.shippedAt) : '—') },
    { key: 'deliveredAt', label: 'Delivered', render: (s) => (s.deliveredAt ? day(s.deliveredAt) : '—') },
    { key: 'lines', label: 'Items', render: (s) => <Lines lines={linesOf(s)} /> },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (s) =>
        s.status === 'Shipped' && !lastCashParcel(s) ? (
          <Nowrap>
            {move.button(s, 'Delivered', { label: 'Mark delivered', 'aria-label': `Mark the parcel from ${s.seller} delivered` })}
          </Nowrap>
        ) : (
          orDash(null)
        ),
    },
  ];
  return (
    <>
      <DataTable title="Shipments" columns={columns} rows={order.shipments} empty="No shipments." />
      {move.dialog}
    </>
  );
}
