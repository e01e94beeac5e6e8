// /seller/invite/{token}: an invited seller chooses their password, then is signed in to the
// seller portal. A link that is unknown, used or expired shows why (the staff invite's page).
import { sendJson } from '../admin/forms/api.js';
import { PasswordForm, Problem } from './StaffInvite.jsx';

const toSellerAccount = async (token, fields) => {
  const answer = await sendJson('POST', `/api/seller/invite/${encodeURIComponent(token)}`, {
    password: fields.password,
    confirm: fields.confirm,
  });
  return answer.data;
};

// Without JavaScript the form posts to the invite links' form endpoint (POST /api/staff/invite/{token}),
// which sets the password of any invited account and lands a seller in the portal.
export default function SellerInvite(props) {
  return props.problem ? <Problem message={props.message} /> : <PasswordForm {...props} send={toSellerAccount} />;
}
