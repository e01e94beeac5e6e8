// A back-office page the signed-in account may not use (403): the server's reason, inside the
// shell, so the menu (which lists only what the account may use) is one click away.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AdminLayout from '../admin/AdminLayout.jsx';
import RouterAnchor from '../common/RouterAnchor.jsx';

export default function AdminForbidden({ session, message }) {
  return (
    <AdminLayout title="Not for your account" session={session}>
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            403: not for your account
          </Typography>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {message}
          </Alert>
          <Button variant="contained" component={RouterAnchor} href="/admin">
            Go to the dashboard
          </Button>
        </CardContent>
      </Card>
    </AdminLayout>
  );
}
