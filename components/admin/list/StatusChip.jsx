// A status (of an order, a refund request, a payout request, a catalogue request, a payment, a mail in the outbox and
// each attempt to deliver it) or an earning's kind, as a chip whose colour says where it stands:
// waiting (amber), under way (blue), done (green), refused or money going back (red). The same
// words and colours on every back-office screen. Earning kinds, mail states and a charge's states
// are lower-case words in the API ("sale", "queued", "requires_action"): shown capitalised, in words.
import Chip from '@mui/material/Chip';
import { capitalised } from '../format.js';

const TONES = {
  Pending: 'warning',
  Processing: 'info',
  Shipped: 'info',
  Delivered: 'success',
  Cancelled: 'error',
  Accepted: 'success',
  Success: 'success',
  Failed: 'error',
  Refunded: 'error',
  'Partly refunded': 'error',
  Rejected: 'error',
  Refused: 'error',
  sale: 'success',
  refund: 'error',
  queued: 'warning',
  retry: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  pending: 'warning',
  requires_action: 'warning',
  succeeded: 'success',
  cancelled: 'default',
  // a seller's portal account
  Invited: 'warning',
  Active: 'success',
  Suspended: 'error',
};

export default function StatusChip({ status }) {
  return (
    <Chip size="small" variant="outlined" label={capitalised(status?.replaceAll('_', ' ')) || '—'} color={TONES[status] || 'default'} />
  );
}
