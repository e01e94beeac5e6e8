// /seller: the seller's day at a glance: sales today and this month, the balance they may ask to
// be paid, the parcels waiting to go out, and the offers about to sell out.
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../admin/format.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import Figure from '../seller/Figure.jsx';
import SellerLayout from '../seller/SellerLayout.jsx';

function LowStock({ offers }) {
  return (
    <Card variant="outlined" component="section" aria-label="Low stock">
      <Stack direction="row" sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Low stock
        </Typography>
        <Button component={RouterAnchor} href="/seller/offers?sort=stock" size="small">
          All offers
        </Button>
      </Stack>
      {offers.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          Every offer has more than two copies.
        </Typography>
      ) : (
        <Table size="small" aria-label="Low stock">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Book</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Condition</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                Stock
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {offers.map((offer) => (
              <TableRow key={offer.id}>
                <TableCell>{offer.title}</TableCell>
                <TableCell>{offer.condition}</TableCell>
                <TableCell align="right">{offer.stock}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

export default function SellerDashboard({ session, figures }) {
  const { toShip } = figures;
  return (
    <SellerLayout active="/seller" title="Dashboard" session={session}>
      <Stack spacing={3}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, lg: 3 }}>
            <Figure label="Sales today" value={formatMoney(figures.salesToday)} note="Your lines of today's orders" />
          </Grid>
          <Grid size={{ xs: 6, lg: 3 }}>
            <Figure label="Sales this month" value={formatMoney(figures.salesThisMonth)} color="success.main" />
          </Grid>
          <Grid size={{ xs: 6, lg: 3 }}>
            <Figure
              label="Balance"
              value={formatMoney(figures.balance)}
              note={`${formatMoney(figures.available)} available to pay out`}
              color="warning.main"
            />
          </Grid>
          <Grid size={{ xs: 6, lg: 3 }}>
            <Figure
              label="To ship"
              value={`${toShip.shipments} ${toShip.shipments === 1 ? 'parcel' : 'parcels'}`}
              note={`${toShip.lines} ${toShip.lines === 1 ? 'line' : 'lines'} waiting`}
              color="error.main"
            />
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" component={RouterAnchor} href="/seller/orders?status=Processing">
            Ship orders
          </Button>
          <Button variant="outlined" component={RouterAnchor} href="/seller/offers">
            Add an offer
          </Button>
        </Stack>
        <LowStock offers={figures.lowStock} />
      </Stack>
    </SellerLayout>
  );
}
