// A customer's contact details: name, email (unique), phone.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormText } from './fields.jsx';
import { customerErrors } from './rules.js';
import useForm from './useForm.js';

const requestBody = (values) => ({ name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() });

export default function CustomerForm({ customer, onSaved }) {
  const form = useForm({ name: customer.name, email: customer.email, phone: customer.phone || '' }, customerErrors);
  const save = async (event) => {
    event.preventDefault();
    const saved = await form.submit('PATCH', `/api/customers/${customer.id}`, requestBody);
    if (saved) onSaved(saved);
  };
  return (
    <form onSubmit={save} noValidate aria-label="Contact details">
      <Stack spacing={2.5}>
        <FormText form={form} name="name" label="Name" required />
        <FormText form={form} name="email" label="Email" type="email" required />
        <FormText form={form} name="phone" label="Phone" type="tel" />
        <div>
          <Button type="submit" variant="contained" disabled={form.busy}>
            Save contact details
          </Button>
        </div>
      </Stack>
    </form>
  );
}
