// A centred card on its own, for the pages before sign-in: /login and an invite's password page.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Link from '../common/Link.jsx';

export default function AuthCard({ subtitle, children }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Student Books
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
          {children}
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link href="/" underline="always">
              Back to the store
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
