// Ask for a refund on one line of a delivered order: the amount (at most what is still
// refundable on the line, offered in full) and the customer's reason.
import { formatMoney } from '../format.js';
import { FormText } from './fields.jsx';
import FormDialog from './FormDialog.jsx';
import { refundErrors } from './rules.js';
import useForm from './useForm.js';

const requestBody = (line) => (values) => ({ orderLineId: line.id, amount: Number(values.amount), reason: values.reason.trim() });

export default function RefundRequestForm({ line, onClose, onSaved }) {
  const refundable = Number(line.refundable);
  const form = useForm({ amount: refundable.toFixed(2), reason: '' }, (values) => refundErrors(values, refundable));
  const save = async (event) => {
    event.preventDefault();
    const saved = await form.submit('POST', '/api/refund-requests', requestBody(line));
    if (saved) onSaved(saved);
  };
  return (
    <FormDialog open title={`Refund “${line.title}”`} busy={form.busy} onClose={onClose} onSubmit={save} saveText="Request refund">
      <FormText
        form={form}
        name="amount"
        label="Amount"
        required
        // eslint-disable-next-line jsx-a11y/no-autofocus -- an opened dialog focuses its first field (WAI-ARIA dialog pattern)
        autoFocus
        helper={`Up to ${formatMoney(refundable)} is still refundable on this line`}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormText form={form} name="reason" label="Reason" multiline minRows={2} />
    </FormDialog>
  );
}
