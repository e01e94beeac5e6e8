// /stock-alerts/cancel?token=…: the link of a stock alert's mail. Opening it changes nothing (mail
// scanners open links); the button cancels the alert (POST /api/stock-alerts/cancel).
import { useState } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import ShopLayout from '../shop/ShopLayout.jsx';
import { csrfToken } from '../state/session.jsx';

const Card = sharedStyled('section', (theme) => ({
  maxWidth: 560,
  margin: theme.spacing(4, 'auto'),
  padding: theme.spacing(3),
  display: 'grid',
  gap: theme.spacing(1.5),
  borderRadius: 8,
  background: theme.palette.background.paper,
  border: `1px solid ${theme.palette.grey[200]}`,
  '& h1': { margin: 0, fontSize: 24, fontWeight: 700 },
  '& p': { margin: 0, overflowWrap: 'anywhere' },
  '& .error': { color: theme.palette.error.main },
  '& button': {
    justifySelf: 'start',
    minHeight: 44,
    padding: theme.spacing(0, 2.5),
    border: 0,
    borderRadius: 6,
    font: 'inherit',
    fontWeight: 600,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
    cursor: 'pointer',
    '&:disabled': { opacity: 0.6 },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  },
}));

const SAID = {
  sent: 'This alert was sent already: the book is back.',
  cancelled: 'This alert is cancelled. We will not email you about this book.',
};

export default function StockAlertCancel({ token, alert, problem }) {
  const [state, setState] = useState(alert?.state || 'unknown');
  const [error, setError] = useState('');

  const cancel = async () => {
    setError('');
    const response = await fetch('/api/stock-alerts/cancel', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': await csrfToken() },
      body: JSON.stringify({ token }),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) setState(body.state);
    else setError(body.message || 'That did not work: try again.');
  };

  return (
    <ShopLayout>
      <Card aria-labelledby="cancel-title">
        <h1 id="cancel-title">Stock alert</h1>
        {!alert ? (
          <p className="error">{problem}</p>
        ) : (
          <>
            <p>
              <RouterAnchor href={alert.url}>{alert.title}</RouterAnchor>: an email to {alert.email} when it is back in stock.
            </p>
            {state === 'open' ? (
              <button type="button" onClick={cancel}>
                Cancel this alert
              </button>
            ) : (
              <p role="status">{SAID[state]}</p>
            )}
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
          </>
        )}
      </Card>
    </ShopLayout>
  );
}
