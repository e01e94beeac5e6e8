// Create or edit a brand: name (unique), featured, logo.
import { FormSwitch, FormText } from './fields.jsx';
import FormDialog from './FormDialog.jsx';
import ImageUpload from './ImageUpload.jsx';
import { brandErrors } from './rules.js';
import useForm from './useForm.js';

const initialValues = (brand) => ({
  name: brand?.name || '',
  featured: Boolean(brand?.featured),
  logo: brand?.logo ? [{ path: brand.logo, url: brand.logoUrl }] : [],
});

const requestBody = (values) => ({ name: values.name.trim(), featured: values.featured, logo: values.logo[0]?.path ?? null });

export default function BrandForm({ brand, onClose, onSaved }) {
  const form = useForm(initialValues(brand), brandErrors);
  const save = async (event) => {
    event.preventDefault();
    const saved = brand
      ? await form.submit('PATCH', `/api/brands/${brand.id}`, requestBody)
      : await form.submit('POST', '/api/brands', requestBody);
    if (saved) onSaved(saved);
  };
  return (
    <FormDialog open title={brand ? `Edit “${brand.name}”` : 'New brand'} busy={form.busy} onClose={onClose} onSubmit={save}>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an opened dialog focuses its first field (WAI-ARIA dialog pattern) */}
      <FormText form={form} name="name" label="Name" required autoFocus />
      <FormSwitch form={form} name="featured" label="Featured" />
      <ImageUpload label="Logo" value={form.values.logo} onChange={form.set('logo')} error={form.errors.logo} />
    </FormDialog>
  );
}
