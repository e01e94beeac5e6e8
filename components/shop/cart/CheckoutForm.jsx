// The checkout form: contact details, billing address and payment method, checked here with the
// server's rules, then sent with the cart's items and the prices the shopper saw. The server's
// answer decides: 201 the order is placed; 422 its field errors go next to the fields; 409 the
// shop changed under the cart, which is brought up to date for the shopper to review.
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import InfoOutlined from '../../icons/InfoOutlined.js';
import { formatPrice } from '../money.js';
import { useCart } from '../../state/cart.jsx';
import Field from './Field.jsx';
import OrderSummary from './OrderSummary.jsx';
import PaymentMethods from './PaymentMethods.jsx';
import { Card, Columns } from './layout.js';
import { postCheckout, reviseRefusedItems } from './placeOrder.js';
import { FIELDS, cleaned, fieldError, formErrors, itemErrors } from './validation.js';

const EMPTY = { name: '', email: '', phone: '', billingAddress: '', paymentMethod: '' };

const Form = styled('form')(({ theme }) => ({
  '& .fields': { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: theme.spacing(2.5, 2) },
  '& .wide': { gridColumn: '1 / -1' },
  '& h2:not(:first-of-type)': { marginTop: theme.spacing(4) },
  '& .note': {
    display: 'flex',
    gap: theme.spacing(1),
    margin: theme.spacing(2, 0, 0),
    padding: theme.spacing(1.5, 2),
    borderRadius: 6,
    fontSize: 14,
    background: theme.palette.grey[100],
    '& svg': { flexShrink: 0, fontSize: 20, color: theme.palette.secondary.main },
  },
  '& .submit': { marginTop: theme.spacing(3), minHeight: 48, fontSize: 16 },
  [theme.breakpoints.down('sm')]: { '& .fields': { gridTemplateColumns: '1fr' } },
}));

// Phones and tablets see what they are buying before the form.
const Summary = styled(OrderSummary)(({ theme }) => ({
  [theme.breakpoints.down('md')]: { order: -1 },
  [theme.breakpoints.up('md')]: { position: 'sticky', top: theme.spacing(2) },
}));

const firstProblem = (errors) => FIELDS.find((field) => errors[field]);

export default function CheckoutForm({ items, total, onPlaced, onChanged }) {
  const { revise, changeAmount } = useCart();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [problem, setProblem] = useState(null);
  const [sending, setSending] = useState(false);
  const inputs = useRef({});
  const problemRef = useRef(null);

  const setError = (field, message) => setErrors((all) => ({ ...all, [field]: message || undefined }));
  const change = (field) => (event) => {
    const { value } = event.target;
    setForm((all) => ({ ...all, [field]: value }));
    // Once a field shows a problem, it clears as soon as the value is right.
    if (errors[field]) setError(field, fieldError(field, value));
  };
  // Checked on leaving a field the shopper has typed in; an untouched empty field waits for submit.
  const leave = (field) => () => {
    if (form[field].trim() || errors[field]) setError(field, fieldError(field, form[field]));
  };
  const remove = (item) => {
    changeAmount({ ...item, qty: 0 });
    // Line problems are keyed by position ("items.2.qty"): after a removal they point elsewhere.
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith('items'))));
  };
  const ref = (field) => (element) => {
    // eslint-disable-next-line react-hooks/refs -- a callback ref, called as the input mounts, not while rendering
    inputs.current[field] = element;
  };
  const show = (found, message) => {
    setErrors(found);
    setProblem(message);
    const field = firstProblem(found);
    if (field) inputs.current[field]?.focus();
    else problemRef.current?.focus();
  };

  async function submit(event) {
    event.preventDefault();
    if (sending) return;
    const found = { ...formErrors(form), ...itemErrors(items) };
    if (Object.keys(found).length) {
      show(found, firstProblem(found) ? null : 'Some items in your cart cannot be ordered. Please review them.');
      return;
    }
    setSending(true);
    setProblem(null);
    const details = cleaned(form);
    const { status, body } = await postCheckout(details, items);
    if (status === 201) {
      onPlaced({ ...body, name: details.name, paymentMethod: details.paymentMethod, items });
      return;
    }
    if (status === 409 && body.errors) {
      onChanged(body.message, await reviseRefusedItems(items, body.errors, revise));
    } else if (status === 422 && body.errors) {
      show(body.errors, firstProblem(body.errors) ? body.message : body.message || 'Please check your order.');
    } else {
      show({}, `We could not place your order${body.message ? `: ${body.message}` : ''}. Please try again.`);
    }
    setSending(false);
  }

  const field = (name, label, props = {}) => (
    <Field
      name={name}
      label={label}
      value={form[name]}
      error={errors[name]}
      onChange={change(name)}
      onBlur={leave(name)}
      inputRef={ref(name)}
      {...props}
    />
  );

  return (
    <Columns>
      <Card aria-label="Checkout details">
        <Form noValidate onSubmit={submit}>
          {problem && (
            <Alert severity="error" ref={problemRef} tabIndex={-1} sx={{ mb: 3 }}>
              {problem}
            </Alert>
          )}
          <h2>Contact details</h2>
          <div className="fields">
            {field('name', 'Full name', { autoComplete: 'name', className: 'wide' })}
            {field('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          </div>
          <h2>Billing address</h2>
          {field('billingAddress', 'Street, city and postcode', {
            autoComplete: 'street-address',
            multiline: true,
            minRows: 2,
          })}
          <h2>Payment</h2>
          <PaymentMethods
            value={form.paymentMethod}
            error={errors.paymentMethod}
            onChange={(event, value) => {
              setForm((all) => ({ ...all, paymentMethod: value }));
              setError('paymentMethod', null);
            }}
            inputRef={ref('paymentMethod')}
          />
          <p className="note">
            <InfoOutlined />
            <span>No real payment is taken: this is a demo shop. Your order is recorded as pending with the method you choose.</span>
          </p>
          <Button type="submit" variant="contained" size="large" fullWidth className="submit" loading={sending} loadingPosition="start">
            {sending ? 'Placing your order…' : `Place order · ${formatPrice(total)}`}
          </Button>
        </Form>
      </Card>
      <Summary items={items} total={total} errors={errors} onRemove={remove} />
    </Columns>
  );
}
