// A product's offers on its admin page, oldest first: who sells it in what condition, at what
// price (less the offer's own discount), how many, the seller's note and photos. The buy box (the
// offer a shopper gets by default), the product's own listing (what the form above edits) and a
// suspended seller's offer (hidden from shoppers) are marked.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DataTable from '../DataTable.jsx';
import { formatMoney } from '../format.js';
import { Clipped, Nowrap, TwoLines, orDash } from '../list/cells.jsx';

function Marks({ offer }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {offer.buyBox && <Chip size="small" color="success" label="Buy box" />}
      {offer.listing && <Chip size="small" variant="outlined" label="Listing" />}
      {offer.suspended && <Chip size="small" color="error" variant="outlined" label="Seller suspended" />}
    </Stack>
  );
}

function Price({ offer }) {
  if (!offer.discount) return <Nowrap>{formatMoney(offer.pays)}</Nowrap>;
  return (
    <TwoLines
      primary={<Nowrap>{formatMoney(offer.pays)}</Nowrap>}
      secondary={<Nowrap>{`${formatMoney(offer.price)} less ${offer.discount}%`}</Nowrap>}
    />
  );
}

const COLUMNS = [
  {
    key: 'seller',
    label: 'Seller',
    render: (offer) => (
      <Stack spacing={0.5} sx={{ minWidth: 160 }}>
        <TwoLines primary={offer.seller} secondary={offer.shopName || 'The store’s own copies'} />
        <Marks offer={offer} />
      </Stack>
    ),
  },
  { key: 'condition', label: 'Condition', render: (offer) => <Nowrap>{offer.condition}</Nowrap> },
  { key: 'pays', label: 'Price', align: 'right', render: (offer) => <Price offer={offer} /> },
  {
    key: 'stock',
    label: 'Stock',
    align: 'right',
    render: (offer) =>
      offer.stock ? (
        offer.stock
      ) : (
        <Typography variant="body2" color="error">
          Sold out
        </Typography>
      ),
  },
  { key: 'note', label: 'Note', render: (offer) => (offer.note ? <Clipped text={offer.note} width={260} /> : '—') },
  { key: 'photos', label: 'Photos', align: 'right', render: (offer) => orDash(offer.photos || null) },
];

export default function ProductOffers({ offers }) {
  return <DataTable title={`Offers (${offers.length})`} columns={COLUMNS} rows={offers} empty="No offers." />;
}
