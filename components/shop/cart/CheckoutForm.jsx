// The checkout form: contact details, billing address and payment method, checked here with the
// server's rules, then sent with the cart's items and the prices the shopper saw. The server's
// answer decides: 201 the order is placed; 422 its field errors go next to the fields; 409 the
// shop changed under the cart, which is brought up to date for the shopper to review.
// Paying by card, the card typed into Stripe's field becomes a PaymentMethod first (cardPayment.js)
// and the order is charged as it is placed; a 3-D Secure step the bank asks for is done here
// before the order is shown placed. Each attempt carries an Idempotency-Key, sent again with the
// same body when its answer was lost, so a retry never places a second order.
// A signed-in shopper's details fill the empty fields once the form is in the browser (the page
// itself is the same cached page for everyone): name and email from GET /api/me, the saved
// addresses (GET /api/me/addresses) to deliver to, the default chosen first.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import InfoOutlined from '../../icons/InfoOutlined.js';
import { formatPrice } from '../money.js';
import { useCart } from '../../state/cart.jsx';
import { useRouter } from '../../common/router.jsx';
import CardField from './CardField.jsx';
import { cardPaymentMethod, completePayment } from './cardPayment.js';
import Field from './Field.jsx';
import OrderSummary from './OrderSummary.jsx';
import PaymentMethods from './PaymentMethods.jsx';
import { Card, Columns } from './layout.js';
import { checkoutBody, newAttempt, postCheckout, reviseRefusedItems } from './placeOrder.js';
import { FIELDS, cleaned, fieldError, formErrors, itemErrors } from './validation.js';
import {
  ADDRESS_FIELDS,
  EMPTY_ADDRESS,
  addressErrors,
  addressFieldError,
  addressLines,
  cleanedAddress,
} from '../../account/addressRules.js';
import { getJson, sendJson } from '../../account/api.js';
import { notify } from '../../common/toast.jsx';
import DeliveryChoice from './DeliveryChoice.jsx';

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
  '& .card-details': { marginTop: theme.spacing(2.5) },
  [theme.breakpoints.down('sm')]: { '& .fields': { gridTemplateColumns: '1fr' } },
}));

// Phones and tablets see what they are buying before the form.
const Summary = styled(OrderSummary)(({ theme }) => ({
  [theme.breakpoints.down('md')]: { order: -1 },
  [theme.breakpoints.up('md')]: { position: 'sticky', top: theme.spacing(2) },
}));

const firstProblem = (errors) => FIELDS.find((field) => errors[field]);
// What the button says while an order is on its way.
const STEPS = { card: 'Checking your card…', placing: 'Placing your order…', bank: 'Confirming with your bank…' };
// An attempt whose answer was lost is sent again as it was when the order is still the same.
const sameOrder = (attempt, body) => {
  const { paymentMethodId, ...sent } = attempt.body;
  return JSON.stringify(sent) === JSON.stringify(body);
};
const deliveryField = (field) => `delivery.${field}`;
// The billing address field as a saved address fills it: street lines, postcode and town, country.
const billingText = (address) => addressLines({ ...address, name: '', phone: '' }).join('\n');

// The signed-in shopper and their saved addresses, read once the form is in the browser.
function useAccount() {
  const [account, setAccount] = useState(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const me = await getJson('/api/me');
      if (!me) return;
      const addresses = (await getJson('/api/me/addresses')) || [];
      if (live) setAccount({ me, addresses });
    })();
    return () => {
      live = false;
    };
  }, []);
  return account;
}

export default function CheckoutForm({ items, total, onPlaced, onChanged }) {
  const { revise, changeAmount } = useCart();
  const methods = useRouter().config.payments.methods;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [problem, setProblem] = useState(null);
  const [step, setStep] = useState(null);
  const [cardError, setCardError] = useState(null);
  const busy = useRef(false);
  const card = useRef(null);
  const lostAttempt = useRef(null);
  const [delivery, setDelivery] = useState('billing');
  const [deliveryAddress, setDeliveryAddress] = useState(EMPTY_ADDRESS);
  const [saveAddress, setSaveAddress] = useState(false);
  const [filled, setFilled] = useState(null);
  const inputs = useRef({});
  const problemRef = useRef(null);
  const account = useAccount();
  const saved = account?.addresses || [];

  // Once, when the account is known: its details go into the fields the shopper left empty.
  if (account && filled !== account) {
    setFilled(account);
    const first = saved.find((address) => address.isDefault) || saved[0];
    setForm((all) => ({
      ...all,
      name: all.name || account.me.name || '',
      email: all.email || account.me.email || '',
      phone: all.phone || account.me.phone || first?.phone || '',
      billingAddress: all.billingAddress || (first ? billingText(first) : ''),
    }));
    if (first) setDelivery(String(first.id));
  }

  const setError = (field, message) => setErrors((all) => ({ ...all, [field]: message || undefined }));
  const change = (field) => (event) => {
    const { value } = event.target;
    setForm((all) => ({ ...all, [field]: value }));
    // Once a field shows a problem, it clears as soon as the value is right.
    if (errors[field]) setError(field, fieldError(field, value, methods));
  };
  // Checked on leaving a field the shopper has typed in; an untouched empty field waits for submit.
  const leave = (field) => () => {
    if (form[field].trim() || errors[field]) setError(field, fieldError(field, form[field], methods));
  };
  const remove = (item) => {
    changeAmount({ ...item, qty: 0 });
    // Line problems are keyed by position ("items.2.qty"): after a removal they point elsewhere.
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith('items'))));
  };
  const ref = (field) => (element) => {
    inputs.current[field] = element;
  };
  const show = (found, message) => {
    setErrors(found);
    setProblem(message);
    const field = firstProblem(found) || ADDRESS_FIELDS.map(deliveryField).find((name) => found[name]);
    if (field) inputs.current[field]?.focus();
    else problemRef.current?.focus();
  };
  const changeDelivery = (field, value) => {
    setDeliveryAddress((all) => ({ ...all, [field]: value }));
    if (errors[deliveryField(field)]) setError(deliveryField(field), addressFieldError(field, value));
  };
  const leaveDelivery = (field) => {
    if ((deliveryAddress[field] || '').trim() || errors[deliveryField(field)])
      setError(deliveryField(field), addressFieldError(field, deliveryAddress[field]));
  };
  // Where to deliver, as POST /api/checkout takes it: nothing for the billing address.
  const chosenDelivery = () => {
    if (delivery === 'billing') return undefined;
    if (delivery === 'new') return cleanedAddress(deliveryAddress);
    const one = saved.find((address) => String(address.id) === delivery);
    return one ? cleanedAddress(one) : undefined;
  };
  // The server keys the delivery address's errors "deliveryAddress.city"; the form "delivery.city".
  const withDeliveryKeys = (found) =>
    Object.fromEntries(Object.entries(found).map(([key, message]) => [key.replace(/^deliveryAddress\./, 'delivery.'), message]));

  async function submit(event) {
    event.preventDefault();
    if (busy.current) return;
    const found = { ...formErrors(form, methods), ...itemErrors(items) };
    if (delivery === 'new') {
      for (const [field, message] of Object.entries(addressErrors(deliveryAddress))) found[deliveryField(field)] = message;
    }
    if (Object.keys(found).length) {
      show(found, firstProblem(found) ? null : 'Some items in your cart cannot be ordered. Please review them.');
      return;
    }
    busy.current = true;
    setProblem(null);
    setCardError(null);
    try {
      await place();
    } finally {
      busy.current = false;
      setStep(null);
    }
  }

  // The attempt to send: the one whose answer was lost if the order is unchanged, else a new one
  // (paying by card, with the card made into a PaymentMethod); null when the card was refused.
  async function attemptFor(body) {
    if (lostAttempt.current && sameOrder(lostAttempt.current, body)) return lostAttempt.current;
    if (body.paymentMethod !== 'Stripe') return newAttempt(body);
    if (!card.current) {
      setCardError('The card form is still loading: try again in a moment.');
      return null;
    }
    setStep('card');
    const method = await cardPaymentMethod(card.current);
    if (method.error) {
      setCardError(method.error);
      return null;
    }
    return newAttempt({ ...body, paymentMethodId: method.id });
  }

  async function place() {
    const details = cleaned(form);
    const deliverTo = chosenDelivery();
    const attempt = await attemptFor(checkoutBody(deliverTo ? { ...details, deliveryAddress: deliverTo } : details, items));
    if (!attempt) return;
    setStep('placing');
    const { status, body } = await postCheckout(attempt);
    lostAttempt.current = status === 0 ? attempt : null;
    if (status === 201) {
      if (body.payment?.status === 'requires_action') setStep('bank');
      const payment = await completePayment(card.current?.stripe, body.orderNo, body.key, body);
      if (account && delivery === 'new' && saveAddress) {
        const kept = await sendJson('POST', '/api/me/addresses', deliverTo);
        if (kept.ok) notify.success('The delivery address was saved to your account.');
        else notify.error(`The delivery address was not saved: ${kept.data.message}`);
      }
      onPlaced({ ...body, ...payment, name: details.name, paymentMethod: details.paymentMethod, items, signedIn: Boolean(account) });
      return;
    }
    if (status === 409 && body.errors) {
      onChanged(body.message, await reviseRefusedItems(items, body.errors, revise));
    } else if (status === 422 && body.errors) {
      setCardError(body.errors.paymentMethodId || null);
      show(withDeliveryKeys(body.errors), firstProblem(body.errors) ? body.message : body.message || 'Please check your order.');
    } else {
      show({}, `We could not place your order${body.message ? `: ${body.message}` : ''}. Please try again.`);
    }
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
          <h2>Delivery</h2>
          <DeliveryChoice
            signedIn={Boolean(account)}
            saved={saved}
            choice={delivery}
            onChoice={setDelivery}
            address={deliveryAddress}
            errors={Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, errors[deliveryField(field)]]))}
            onChange={changeDelivery}
            onLeave={leaveDelivery}
            inputRef={(field) => ref(deliveryField(field))}
            save={saveAddress}
            onSave={setSaveAddress}
          />
          <h2>Payment</h2>
          <PaymentMethods
            methods={methods}
            value={form.paymentMethod}
            error={errors.paymentMethod}
            onChange={(event, value) => {
              setForm((all) => ({ ...all, paymentMethod: value }));
              setError('paymentMethod', null);
            }}
            inputRef={ref('paymentMethod')}
          />
          {form.paymentMethod === 'Stripe' && (
            <div className="card-details">
              <CardField cardRef={card} error={cardError} />
              <p className="note">
                <InfoOutlined />
                <span>Your card goes straight to Stripe, our payment processor: the shop never sees its number.</span>
              </p>
            </div>
          )}
          {form.paymentMethod === 'Cash' && (
            <p className="note">
              <InfoOutlined />
              <span>Pay in cash when your order is delivered.</span>
            </p>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            className="submit"
            loading={Boolean(step)}
            loadingPosition="start"
          >
            {step ? STEPS[step] : `Place order · ${formatPrice(total)}`}
          </Button>
        </Form>
      </Card>
      <Summary items={items} total={total} errors={errors} onRemove={remove} />
    </Columns>
  );
}
