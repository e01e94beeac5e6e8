// The seller portal's shell: the back office's (sidebar, top bar, sign-out, the session guard)
// with the portal's own menu and name. While the shop waits for the seller to set up two-factor
// sign-in, the menu holds only their account page (the server refuses the rest: app/auth/roles.py).
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import { useSession } from '../state/session.jsx';

export const SELLER_ACCOUNT_PAGE = '/seller/account';

export const SELLER_AREAS = [
  { title: 'Dashboard', href: '/seller', Icon: DashboardOutlined },
  { title: 'Offers', href: '/seller/offers', Icon: Inventory2Outlined },
  { title: 'Orders', href: '/seller/orders', Icon: LocalShippingOutlined },
  { title: 'Earnings', href: '/seller/earnings', Icon: PaidOutlined },
  { title: 'Payouts', href: '/seller/payouts', Icon: AccountBalanceWalletOutlined },
  { title: 'Your Account', href: SELLER_ACCOUNT_PAGE, Icon: ManageAccountsOutlined },
];

export default function SellerLayout({ active, title, session, children }) {
  // The live session once the browser has read it (enrolling frees the menu without a reload).
  const live = useSession();
  const account = live.data?.user ? live.data : session;
  const areas = account?.enrolmentRequired ? SELLER_AREAS.filter((area) => area.href === SELLER_ACCOUNT_PAGE) : SELLER_AREAS;
  return (
    <AdminLayout active={active} title={title} session={session} areas={areas} brand="Seller portal">
      {children}
    </AdminLayout>
  );
}
