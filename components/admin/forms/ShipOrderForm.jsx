// Ship an order: the carrier it travels with (db/carriers.py) and its tracking number, which the
// shopper then follows on the carrier's own page. The back office ships the whole order (PATCH
// /api/orders/{id}); a seller ships their parcel of it (`url`, POST /api/seller/orders/{id}/ship).
import { FormSelect, FormText } from './fields.jsx';
import FormDialog from './FormDialog.jsx';
import { shipmentErrors } from './rules.js';
import useForm from './useForm.js';

const shipment = (values) => ({ status: 'Shipped', carrier: values.carrier, trackingNo: values.trackingNo.trim() });

const parcel = (values) => ({ carrier: values.carrier, trackingNo: values.trackingNo.trim() });

export default function ShipOrderForm({ order, carriers, onClose, onSaved, onNotSaved, url }) {
  const form = useForm({ carrier: '', trackingNo: '' }, (values) => shipmentErrors(values, carriers));
  const save = async (event) => {
    event.preventDefault();
    const saved = url ? await form.submit('POST', url, parcel) : await form.submit('PATCH', `/api/orders/${order.id}`, shipment);
    if (saved) onSaved(saved);
    else onNotSaved();
  };
  return (
    <FormDialog open title={`Ship order #${order.id}`} busy={form.busy} onClose={onClose} onSubmit={save} saveText="Ship">
      <FormSelect
        form={form}
        name="carrier"
        label="Carrier"
        required
        choices={carriers.map((carrier) => ({ value: carrier, label: carrier }))}
      />
      <FormText
        form={form}
        name="trackingNo"
        label="Tracking number"
        required
        helper="As the carrier printed it on the parcel's label"
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 60 } }}
      />
    </FormDialog>
  );
}
