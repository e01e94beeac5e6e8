// The dashboard's four figures: this 30-day period against the one before, with the change.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { formatCount, formatMoney, formatPercent } from './format.js';

// Which figures are money; the others are counts.
const MONEY_CARDS = new Set(['sales', 'earnings']);

// Up (green), down (red) or unchanged (grey), in words for screen readers.
function Change({ percentage, down }) {
  const flat = !down && !(Number(percentage) > 0);
  const Arrow = down ? ArrowDownward : ArrowUpward;
  const label = flat
    ? 'Unchanged from the previous 30 days'
    : `${down ? 'Down' : 'Up'} ${formatPercent(percentage)} on the previous 30 days`;
  const color = flat ? 'text.secondary' : down ? 'error.main' : 'success.main';
  return (
    <Box component="span" title={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600, color }}>
      {!flat && <Arrow sx={{ fontSize: 16 }} aria-hidden />}
      <span aria-hidden>{formatPercent(percentage)}</span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}

function DashboardCard({ card }) {
  const format = MONEY_CARDS.has(card.id) ? formatMoney : formatCount;
  return (
    <Card variant="outlined" sx={{ height: '100%', borderTop: 3, borderTopColor: card.color }} data-testid="dashboard-card">
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="body2" component="h2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {card.title}
        </Typography>
        <Typography sx={{ fontSize: { xs: 20, sm: 26 }, fontWeight: 700, my: 0.5 }}>{format(card.amount1)}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', columnGap: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {format(card.amount2)} before
          </Typography>
          <Change percentage={card.percentage} down={card.status === 'down'} />
        </Box>
      </CardContent>
    </Card>
  );
}

export default function DashboardCards({ cards }) {
  return (
    <Grid container spacing={2} component="section" aria-label="Last 30 days">
      {cards.map((card) => (
        <Grid key={card.id} size={{ xs: 6, lg: 3 }}>
          <DashboardCard card={card} />
        </Grid>
      ))}
    </Grid>
  );
}
