// A titled card holding one part of a settings-like page (the account page, the staff page).
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export default function Section({ title, maxWidth, children }) {
  return (
    <Card variant="outlined" component="section" sx={{ maxWidth }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
