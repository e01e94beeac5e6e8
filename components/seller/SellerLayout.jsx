// The seller portal's shell: the back office's (sidebar, top bar, sign-out, the session guard)
// with the portal's own menu and name.
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';

export const SELLER_AREAS = [
  { title: 'Dashboard', href: '/seller', Icon: DashboardOutlined },
  { title: 'Offers', href: '/seller/offers', Icon: Inventory2Outlined },
  { title: 'Orders', href: '/seller/orders', Icon: LocalShippingOutlined },
  { title: 'Earnings', href: '/seller/earnings', Icon: PaidOutlined },
  { title: 'Payouts', href: '/seller/payouts', Icon: AccountBalanceWalletOutlined },
];

export default function SellerLayout({ active, title, session, children }) {
  return (
    <AdminLayout active={active} title={title} session={session} areas={SELLER_AREAS} brand="Seller portal">
      {children}
    </AdminLayout>
  );
}
