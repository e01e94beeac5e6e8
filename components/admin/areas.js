// The back office's areas, in sidebar order (DESIGN.md "Admin routes"). `owner: true` marks an
// area that is the owner's alone (the server refuses staff there with 403, app/roles.py); the
// menu shows each account only what its role may use.
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';

export const ADMIN_AREAS = [
  { title: 'Dashboard', href: '/admin', Icon: DashboardOutlined },
  { title: 'Products', href: '/admin/products', Icon: MenuBookOutlined },
  { title: 'Import Books', href: '/admin/books/import', Icon: UploadFileOutlined },
  { title: 'Catalogue Requests', href: '/admin/catalogue-requests', Icon: LibraryAddOutlined },
  { title: 'Categories', href: '/admin/categories', Icon: CategoryOutlined },
  { title: 'Brands', href: '/admin/brands', Icon: SellOutlined },
  { title: 'Search Synonyms', href: '/admin/search-synonyms', Icon: CompareArrowsOutlined },
  { title: 'Booklists', href: '/admin/booklists', Icon: ChecklistOutlined },
  { title: 'Reviews', href: '/admin/reviews', Icon: RateReviewOutlined },
  { title: 'Orders', href: '/admin/orders', Icon: ReceiptLongOutlined },
  { title: 'Customers', href: '/admin/customers', Icon: PeopleOutlined },
  { title: 'Refund Requests', href: '/admin/refund-requests', Icon: AssignmentReturnOutlined },
  { title: 'Sellers', href: '/admin/sellers', Icon: StorefrontOutlined },
  { title: 'Package Payments', href: '/admin/package-payments', Icon: CardMembershipOutlined, owner: true },
  { title: 'Earning History', href: '/admin/earning-history', Icon: PaidOutlined, owner: true },
  { title: 'Payouts', href: '/admin/payouts', Icon: AccountBalanceWalletOutlined, owner: true },
  { title: 'Payout Requests', href: '/admin/payout-requests', Icon: RequestQuoteOutlined, owner: true },
  { title: 'Audit Log', href: '/admin/audit-log', Icon: HistoryOutlined, owner: true },
  { title: 'Outbox', href: '/admin/outbox', Icon: MailOutlined, owner: true },
  { title: 'Staff', href: '/admin/staff', Icon: BadgeOutlined, owner: true },
  { title: 'Your Account', href: '/admin/account', Icon: ManageAccountsOutlined },
];

export const ACCOUNT_PAGE = '/admin/account';

// The areas a signed-in account may use: all for an owner, all but the owner's for staff, only
// its account page while the shop waits for it to set up two-factor sign-in.
export function areasFor(session) {
  // A seller's account has none of the back office (app/auth/roles.py): its menu is the portal's.
  if (session?.user?.role === 'seller') return [];
  if (session?.enrolmentRequired) return ADMIN_AREAS.filter((area) => area.href === ACCOUNT_PAGE);
  const owner = session?.user?.role === 'owner';
  return ADMIN_AREAS.filter((area) => owner || !area.owner);
}

// The area a URL belongs to (the longest matching href), e.g. /admin/products/7 -> /admin/products.
export function areaOf(url) {
  if (!url) return undefined;
  const path = new URL(url, 'http://x').pathname.replace(/\/+$/, '') || '/';
  return ADMIN_AREAS.map((a) => a.href)
    .filter((href) => path === href || path.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
}
