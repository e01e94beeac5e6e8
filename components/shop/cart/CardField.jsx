// Where the shopper types a card: Stripe's card element, mounted into a labelled group once
// Stripe.js has loaded (in the browser only; the server renders the checkout without it), with
// Stripe's message (a declined card, a wrong number) under it. `cardRef.current` is {stripe,
// element} while it is mounted, for cardPayment.js to turn the card into a PaymentMethod.
import { useEffect, useId, useRef, useState } from 'react';
import FormHelperText from '@mui/material/FormHelperText';
import { styled } from '@mui/material/styles';
import { useRouter } from '../../common/router.jsx';
import { loadStripe } from './cardPayment.js';

const Frame = styled('div')(({ theme }) => ({
  '& .label': { display: 'block', marginBottom: theme.spacing(1), fontWeight: 600 },
  '& .card': {
    minHeight: 48,
    padding: theme.spacing(1.5),
    borderRadius: 4,
    border: `1px solid ${theme.palette.grey[400]}`,
    background: theme.palette.background.paper,
  },
  '& .card:focus-within': { borderColor: theme.palette.primary.main, boxShadow: `0 0 0 1px ${theme.palette.primary.main}` },
  '&.invalid .card': { borderColor: theme.palette.error.main },
  // localstripe's stand-in writes plain inputs: let them wrap on a phone.
  '& .card input': { font: 'inherit', maxWidth: '100%', margin: theme.spacing(0.25) },
  '& .loading': { color: theme.palette.text.secondary, fontSize: 14 },
}));

export default function CardField({ cardRef, error }) {
  const { config } = useRouter();
  const id = useId();
  const mountPoint = useRef(null);
  const [state, setState] = useState('loading');

  useEffect(() => {
    let element = null;
    let live = true;
    loadStripe(config.payments).then(
      (stripe) => {
        if (!live) return;
        element = stripe.elements().create('card');
        element.mount(mountPoint.current);
        cardRef.current = { stripe, element };
        setState('ready');
      },
      (failure) => live && setState(failure.message),
    );
    return () => {
      live = false;
      cardRef.current = null;
      element?.destroy();
    };
  }, [config.payments, cardRef]);

  const message = error || (state !== 'loading' && state !== 'ready' ? state : null);
  return (
    <Frame className={message ? 'invalid' : undefined}>
      <span className="label" id={`${id}-label`}>
        Card details
      </span>
      <div
        className="card"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={message ? `${id}-help` : undefined}
        aria-busy={state === 'loading'}
      >
        {state === 'loading' && <span className="loading">Loading the secure card form…</span>}
        <div ref={mountPoint} />
      </div>
      {message && (
        <FormHelperText error id={`${id}-help`} role="alert">
          {message}
        </FormHelperText>
      )}
    </Frame>
  );
}
