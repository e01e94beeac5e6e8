// The dashboard's sales chart: one bar per day for the last 30 days, drawn with plain elements
// so the server renders it whole (no chart library, no measuring, nothing shifts on hydration)
// and it mirrors with the page under rtl. Screen readers get a one-sentence summary on the plot
// and the full figures in a visually hidden table.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { formatCount, formatMoney } from '../format.js';
import { axisTicks, dayLabel, isLabelledDay, shortMoney } from './scale.js';

const PLOT_HEIGHT = 200;
const AXIS_WIDTH = 48;

// One styled element per part, children styled by class: cheaper to render than sx per bar.
const Plot = styled('div')(({ theme }) => ({
  position: 'relative',
  height: PLOT_HEIGHT,
  display: 'flex',
  alignItems: 'flex-end',
  gap: 2,
  borderBottom: `1px solid ${theme.palette.divider}`,
  '& .grid': {
    position: 'absolute',
    left: 0,
    right: 0,
    borderTop: `1px dashed ${theme.palette.divider}`,
    pointerEvents: 'none',
  },
  '& .bar': {
    position: 'relative',
    flex: '1 1 0',
    minWidth: 0,
    backgroundColor: theme.palette.primary.main,
    borderRadius: '2px 2px 0 0',
    opacity: 0.8,
    '&:hover': { opacity: 1 },
  },
}));

const Axis = styled('div')(({ theme }) => ({
  position: 'relative',
  width: AXIS_WIDTH,
  flexShrink: 0,
  height: PLOT_HEIGHT,
  color: theme.palette.text.secondary,
  fontSize: 12,
  '& span': { position: 'absolute', right: 8, transform: 'translateY(50%)', whiteSpace: 'nowrap' },
}));

const Days = styled('div')(({ theme }) => ({
  display: 'flex',
  gap: 2,
  height: 24,
  paddingTop: 4,
  marginLeft: AXIS_WIDTH,
  color: theme.palette.text.secondary,
  fontSize: 12,
  '& > span': { flex: '1 1 0', minWidth: 0, display: 'flex', justifyContent: 'center' },
  '& > span > span': { flex: 'none', whiteSpace: 'nowrap' },
  // Today's label ends under its bar, so it never runs past the card's edge.
  '& > span:last-of-type': { justifyContent: 'flex-end' },
}));

function summarise(series) {
  const sales = series.reduce((sum, day) => sum + day.sales, 0);
  const orders = series.reduce((sum, day) => sum + day.orders, 0);
  const best = series.reduce((top, day) => (day.sales > (top?.sales ?? 0) ? day : top), null);
  return { sales, orders, best };
}

function describe(series, { sales, orders, best }) {
  const span = series.length ? `${dayLabel(series[0].date)} to ${dayLabel(series[series.length - 1].date)}` : 'no days';
  const peak = best ? ` Best day ${dayLabel(best.date)}: ${formatMoney(best.sales)}.` : '';
  return `Daily sales, ${span}: ${formatMoney(sales)} from ${formatCount(orders)} orders.${peak}`;
}

function FiguresTable({ series }) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>Sales per day (UTC), last {series.length} days</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Sales</th>
          <th scope="col">Orders</th>
        </tr>
      </thead>
      <tbody>
        {series.map((day) => (
          <tr key={day.date}>
            <th scope="row">{dayLabel(day.date)}</th>
            <td>{formatMoney(day.sales)}</td>
            <td>{formatCount(day.orders)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

export default function SalesChart({ series = [] }) {
  const totals = summarise(series);
  const ticks = axisTicks(totals.best?.sales ?? 0);
  const top = ticks[ticks.length - 1];
  const percentOfTop = (value) => `${(100 * value) / top}%`;
  return (
    <Card variant="outlined" component="section" aria-labelledby="sales-chart-title" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mb: 2 }}>
        <Typography id="sales-chart-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Sales, last {series.length} days
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatMoney(totals.sales)} from {formatCount(totals.orders)} orders
        </Typography>
      </Box>
      <Box sx={{ display: 'flex' }}>
        <Axis aria-hidden>
          {ticks.map((tick) => (
            <span key={tick} style={{ bottom: percentOfTop(tick) }}>
              {shortMoney(tick)}
            </span>
          ))}
        </Axis>
        <Plot role="img" aria-label={describe(series, totals)} data-testid="sales-chart" sx={{ flexGrow: 1, minWidth: 0 }}>
          {ticks.slice(1).map((tick) => (
            <span key={tick} className="grid" style={{ bottom: percentOfTop(tick) }} />
          ))}
          {series.map((day) => (
            <span
              key={day.date}
              className="bar"
              style={{ height: percentOfTop(day.sales) }}
              title={`${dayLabel(day.date)}: ${formatMoney(day.sales)}, ${formatCount(day.orders)} orders`}
            />
          ))}
        </Plot>
      </Box>
      <Days aria-hidden>
        {series.map((day, index) => (
          <span key={day.date}>{isLabelledDay(index, series.length) && <span>{dayLabel(day.date)}</span>}</span>
        ))}
      </Days>
      <FiguresTable series={series} />
    </Card>
  );
}
