// /seller/account: a seller's own account and its two-factor sign-in (sellers are paid out, so they
// guard their sign-in as staff do), in the portal's shell: the staff account page's own parts.
import YourAccount from '../admin/YourAccount.jsx';
import SellerLayout, { SELLER_ACCOUNT_PAGE } from '../seller/SellerLayout.jsx';

export default function SellerAccount({ session, account }) {
  return (
    <SellerLayout active={SELLER_ACCOUNT_PAGE} title="Your account" session={session}>
      <YourAccount session={session} account={account} endpoint="/api/seller/account" home="/seller" area="the seller portal" />
    </SellerLayout>
  );
}
