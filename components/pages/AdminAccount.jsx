// /admin/account: the signed-in account (owner or staff) and its two-factor sign-in, in the back
// office's shell (the page itself is every account's: components/admin/YourAccount.jsx).
import AdminLayout from '../admin/AdminLayout.jsx';
import YourAccount from '../admin/YourAccount.jsx';

export default function AdminAccount({ session, account }) {
  return (
    <AdminLayout active="/admin/account" title="Your account" session={session}>
      <YourAccount session={session} account={account} endpoint="/api/admin/account" home="/admin" area="the back office" />
    </AdminLayout>
  );
}
