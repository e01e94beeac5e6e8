// Paying by card with Stripe.js, in the browser only. The script (config.payments.stripeJs) is
// added to the page the first time a card field appears: only the checkout's policy lets it in
// (app/http/security.py). A card becomes a PaymentMethod through a SetupIntent the shop makes
// (POST /api/payments/stripe/setup) and Stripe.js confirms with the card: a path that works on
// Stripe and on localstripe's stand-in, which has no createPaymentMethod. The shop then charges it.
import { sendJson } from '../../account/api.js';

let loading = null;

function addScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = resolve;
    script.onerror = () => reject(new Error('The card service could not be reached. Check your connection and try again.'));
    document.head.appendChild(script);
  });
}

// -> the Stripe object of the shop's publishable key; one script however many card fields mount.
export function loadStripe(payments) {
  if (!loading) {
    loading = addScript(payments.stripeJs).then(() => window.Stripe(payments.stripeKey));
    loading.catch(() => {
      loading = null; // a later card field tries again
    });
  }
  return loading;
}

// Stripe.js's errors are {message, ...}; a network failure inside it may be anything.
const messageOf = (error) => error?.message || 'Your card could not be checked. Please try again.';

// The card typed into `card` ({stripe, element} of CardField) as a PaymentMethod: {id} or {error}.
export async function cardPaymentMethod(card) {
  const setup = await sendJson('POST', '/api/payments/stripe/setup');
  if (!setup.ok) return { error: setup.data.message };
  try {
    const result = await card.stripe.confirmCardSetup(setup.data.clientSecret, { payment_method: { card: card.element } });
    if (result.error) return { error: messageOf(result.error) };
    const method = result.setupIntent.payment_method;
    return { id: typeof method === 'string' ? method : method.id };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

// The order's payment as the shop has it now: {orderNo, paymentStatus, payment}, or null.
async function readPayment(orderNo, key) {
  try {
    const query = key ? `?key=${encodeURIComponent(key)}` : '';
    const response = await fetch(`/api/orders/${orderNo}/payment${query}`, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

// The answer of a charge ({paymentStatus, payment}) once any 3-D Secure step the bank asked for is
// done: Stripe.js shows it, then the shop reads the payment back from Stripe.
export async function completePayment(stripe, orderNo, key, answer) {
  if (answer.payment?.status !== 'requires_action') return answer;
  let refused = null;
  try {
    const result = await stripe.confirmCardPayment(answer.payment.clientSecret);
    refused = result.error ? messageOf(result.error) : null;
  } catch (error) {
    refused = messageOf(error);
  }
  const now = await readPayment(orderNo, key);
  if (!now) {
    const message = 'We could not find out whether your bank confirmed the payment. Your order page will say.';
    return { ...answer, payment: { ...answer.payment, status: 'pending', message } };
  }
  if (refused && now.payment.status !== 'paid') return { ...now, payment: { ...now.payment, message: now.payment.message || refused } };
  return now;
}

// Pay an order whose card was declined with another card: POST /api/orders/{no}/payment.
// -> {ok, data: {paymentStatus, payment} or {message}}.
export async function payAgain(orderNo, key, paymentMethodId) {
  return sendJson('POST', `/api/orders/${orderNo}/payment`, key ? { paymentMethodId, key } : { paymentMethodId });
}
