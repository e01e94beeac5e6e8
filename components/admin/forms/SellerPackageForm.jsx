// Move a seller to another package, paid by the chosen method; the server records the package
// payment at the package's price. Each package says its price and the store's commission; the
// seller's own package is no move, so it is refused here as the server would.
import { formatMoney, formatPercent } from '../format.js';
import { FormSelect } from './fields.jsx';
import FormDialog from './FormDialog.jsx';
import { packageErrors } from './rules.js';
import useForm from './useForm.js';

const requestBody = (values) => ({ package: values.package, paymentMethod: values.paymentMethod });

export default function SellerPackageForm({ seller, packages, paymentMethods, onClose, onSaved }) {
  const form = useForm({ package: '', paymentMethod: '' }, (values) => packageErrors(values, seller.package));
  const save = async (event) => {
    event.preventDefault();
    const saved = await form.submit('PATCH', `/api/sellers/${seller.id}`, requestBody);
    if (saved) onSaved(saved);
  };
  const choices = packages.map((p) => ({
    value: p.name,
    label: `${p.name} · ${formatMoney(p.price)} · ${formatPercent(Number(p.commissionRate) * 100)} commission`,
  }));
  return (
    <FormDialog
      open
      title={`Change the package of ${seller.shopName}`}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      saveText="Change package"
    >
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an opened dialog focuses its first field (WAI-ARIA dialog pattern) */}
      <FormSelect form={form} name="package" label="Package" choices={choices} helper={`Now on ${seller.package}`} required autoFocus />
      <FormSelect
        form={form}
        name="paymentMethod"
        label="Payment method"
        choices={paymentMethods.map((m) => ({ value: m, label: m }))}
        required
      />
    </FormDialog>
  );
}
