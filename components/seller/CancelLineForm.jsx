// Cancel a line of the seller's parcel they cannot fill (POST
// /api/seller/orders/{parcel}/lines/{line}/cancel): the reason is mailed to the shopper, whose
// money for the line goes back (to the card) or is not asked at the door. A line whose refund was
// left in doubt (the card's provider did not answer) is finished the same way.
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { formatAmount } from '../common/currency.js';
import { FormText } from '../admin/forms/fields.jsx';
import FormDialog from '../admin/forms/FormDialog.jsx';
import { cancelLineErrors } from '../admin/forms/rules.js';
import useForm from '../admin/forms/useForm.js';

const body = (values) => ({ reason: values.reason.trim() });

export default function CancelLineForm({ parcel, line, onClose, onSaved, onNotSaved }) {
  const form = useForm({ reason: line.cancelling ? 'Could not be filled' : '' }, cancelLineErrors);
  const save = async (event) => {
    event.preventDefault();
    const saved = await form.submit('POST', `/api/seller/orders/${parcel.id}/lines/${line.id}/cancel`, body);
    if (saved) onSaved(saved);
    else onNotSaved();
  };
  return (
    <FormDialog
      open
      title={`Cancel “${line.title}” of order #${parcel.orderNo}`}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      saveText="Cancel line"
      closeText="Keep line"
    >
      <Typography variant="body2" gutterBottom>
        {line.qty} × {line.title} ({line.condition}): {formatAmount(line.amount)}. The copies go back on your offer, the shopper gets{' '}
        {formatAmount(line.amount)} back (or pays that much less at the door) and is mailed your reason. This cannot be undone.
      </Typography>
      {line.cancelling && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          The card refund of this line was not confirmed. Cancel it again to finish; the shopper is never refunded twice.
        </Alert>
      )}
      <FormText
        form={form}
        name="reason"
        label="Reason for the shopper"
        required
        multiline
        minRows={2}
        helper="For example: the copy was damaged in storage"
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
