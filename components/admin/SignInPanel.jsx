// A centred card holding the sign-in form: the whole of /login, and what a back-office page shows
// in place when its session has ended.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Link from '../common/Link.jsx';
import SignInForm from './SignInForm.jsx';

export default function SignInPanel(formProps) {
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
            Sign in to the back office
          </Typography>
          <SignInForm {...formProps} />
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link href="/" underline="always">Back to the store</Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
