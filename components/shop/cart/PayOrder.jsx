// Paying an order that is placed but not paid (its card was declined, or its bank's check was not
// completed) with another card: the card field, and a button that charges the order's total.
// `message` is why the last card did not pay, shown under the card until the shopper tries again.
// onPaid({paymentStatus, payment}) once the shop has the money.
import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import { formatPrice } from '../money.js';
import CardField from './CardField.jsx';
import { cardPaymentMethod, completePayment, payAgain } from './cardPayment.js';

const STEPS = { card: 'Checking your card…', paying: 'Paying…', bank: 'Confirming with your bank…' };

export default function PayOrder({ orderNo, orderKey, total, message, onPaid }) {
  const card = useRef(null);
  const busy = useRef(false);
  const [step, setStep] = useState(null);
  const [error, setError] = useState(message);

  async function pay(event) {
    event.preventDefault();
    if (busy.current) return;
    if (!card.current) {
      setError('The card form is still loading: try again in a moment.');
      return;
    }
    busy.current = true;
    setError(null);
    try {
      setStep('card');
      const method = await cardPaymentMethod(card.current);
      if (method.error) {
        setError(method.error);
        return;
      }
      setStep('paying');
      const answer = await payAgain(orderNo, orderKey, method.id);
      if (!answer.ok) {
        setError(answer.data.message);
        return;
      }
      setStep('bank');
      const now = await completePayment(card.current.stripe, orderNo, orderKey, answer.data);
      if (now.payment.status === 'paid') onPaid(now);
      else setError(now.payment.message || 'Your card was not charged. Please try another card.');
    } finally {
      busy.current = false;
      setStep(null);
    }
  }

  return (
    <form noValidate onSubmit={pay} aria-label={`Pay for order #${orderNo}`}>
      <CardField cardRef={card} error={error} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2, minHeight: 48 }}
        loading={Boolean(step)}
        loadingPosition="start"
      >
        {step ? STEPS[step] : `Pay ${formatPrice(total)} by card`}
      </Button>
    </form>
  );
}
