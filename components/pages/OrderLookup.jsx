// /orders/lookup: a guest gives the order number and the email the order was placed with, and the
// shop mails that order's link to that email (POST /api/orders/lookup). The answer is the same
// whether or not they matched, so the page says only that a link is on its way if they did.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { sendJson } from '../account/api.js';
import ShopLayout from '../shop/ShopLayout.jsx';
import Field from '../shop/cart/Field.jsx';

const Frame = sharedStyled('div', (theme) => ({
  maxWidth: 520,
  margin: theme.spacing(2, 'auto', 6),
  padding: theme.spacing(4),
  borderRadius: 8,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& h1': { margin: theme.spacing(0, 0, 1), fontSize: 26, fontWeight: 700 },
  '& .intro': { margin: theme.spacing(0, 0, 3), color: theme.palette.text.secondary },
  '& form': { display: 'grid', gap: theme.spacing(2.5) },
  '& .submit': { minHeight: 48, fontSize: 16 },
  '& .more': { margin: theme.spacing(3, 0, 0), fontSize: 14, color: theme.palette.text.secondary },
  '& .more a': { color: theme.palette.primary.main, fontWeight: 600 },
  [theme.breakpoints.down('sm')]: { margin: theme.spacing(1, 0, 4), padding: theme.spacing(2.5, 2), '& h1': { fontSize: 22 } },
}));

const EMAIL = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;

function problems({ orderNo, email }) {
  const errors = {};
  if (!orderNo.trim()) errors.orderNo = 'Enter the order number';
  else if (!/^#?[1-9]\d{0,17}$/.test(orderNo.trim())) errors.orderNo = 'An order number is a number, like 1042';
  if (!email.trim()) errors.email = 'Enter the email the order was placed with';
  else if (!EMAIL.test(email.trim())) errors.email = 'Enter an email address like name@example.com';
  return errors;
}

export default function OrderLookup() {
  const [form, setForm] = useState({ orderNo: '', email: '' });
  const [errors, setErrors] = useState({});
  const [said, setSaid] = useState(null);
  const [sending, setSending] = useState(false);

  const change = (field) => (event) => setForm((all) => ({ ...all, [field]: event.target.value }));

  async function submit(event) {
    event.preventDefault();
    const found = problems(form);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`lookup-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSending(true);
    const body = { orderNo: Number(form.orderNo.trim().replace('#', '')), email: form.email.trim() };
    const answer = await sendJson('POST', '/api/orders/lookup', body);
    setSending(false);
    if (answer.ok) setSaid({ severity: 'success', text: answer.data.message });
    else {
      setErrors(answer.data.errors || {});
      setSaid({ severity: 'error', text: answer.data.message });
    }
  }

  return (
    <ShopLayout>
      <Frame>
        <h1>Find your order</h1>
        <p className="intro">
          Give the order number from your confirmation mail and the email you ordered with: we will mail you a link to the order.
        </p>
        <form noValidate onSubmit={submit} aria-label="Find your order">
          <div role="status">{said && <Alert severity={said.severity}>{said.text}</Alert>}</div>
          <Field
            idPrefix="lookup"
            name="orderNo"
            label="Order number"
            inputMode="numeric"
            autoComplete="off"
            value={form.orderNo}
            error={errors.orderNo}
            onChange={change('orderNo')}
          />
          <Field
            idPrefix="lookup"
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={form.email}
            error={errors.email}
            onChange={change('email')}
          />
          <Button type="submit" variant="contained" size="large" className="submit" loading={sending} loadingPosition="start">
            {sending ? 'Sending…' : 'Mail me the link'}
          </Button>
        </form>
        <p className="more">
          Have an account? <RouterAnchor href="/account/orders">See your orders</RouterAnchor> there.
        </p>
      </Frame>
    </ShopLayout>
  );
}
