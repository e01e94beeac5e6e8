// One figure of the seller's dashboard: a label, the amount, and a line under it.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export default function Figure({ label, value, note, color = 'primary.main' }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderTop: 3, borderTopColor: color }} data-testid="seller-figure">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: { xs: 20, sm: 26 }, fontWeight: 700, my: 0.5 }}>{value}</Typography>
        {note && (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
