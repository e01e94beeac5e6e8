// A status (of an order, a refund request, a payout request, a payment, a mail in the outbox and
// each attempt to deliver it) or an earning's kind, as a chip whose colour says where it stands:
// waiting (amber), under way (blue), done (green), refused or money going back (red). The same
// words and colours on every back-office screen. Earning kinds and mail states are lower-case
// words in the API ("sale", "queued"): shown capitalised.
import Chip from '@mui/material/Chip';
import { capitalised } from '../format.js';

const TONES = {
  Pending: 'warning',
  Processing: 'info',
  Delivered: 'success',
  Accepted: 'success',
  Success: 'success',
  Rejected: 'error',
  sale: 'success',
  refund: 'error',
  queued: 'warning',
  retry: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

export default function StatusChip({ status }) {
  return <Chip size="small" variant="outlined" label={capitalised(status) || '—'} color={TONES[status] || 'default'} />;
}
