// "Tell me when it's back" for a sold-out product: an email (a signed-in shopper's own, filled in
// after hydration from GET /api/me) posted to POST /api/products/{id}/stock-alerts. `compact`
// (the booklist's sold-out lines) shows a button that opens the form.
import { useEffect, useId, useState } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import { csrfToken } from '../state/session.jsx';

const Form = sharedStyled('form', (theme) => ({
  display: 'grid',
  gap: theme.spacing(1),
  padding: theme.spacing(1.5),
  borderRadius: 8,
  background: theme.palette.grey[100],
  '& label': { fontSize: 14, fontWeight: 600 },
  '& .row': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) },
  '& input': {
    flex: '1 1 200px',
    minWidth: 0,
    minHeight: 44,
    padding: theme.spacing(0, 1.5),
    border: `1px solid ${theme.palette.grey[400]}`,
    borderRadius: 6,
    font: 'inherit',
    fontSize: 15,
    background: theme.palette.background.paper,
  },
  '& input:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
  '& button': {
    minHeight: 44,
    padding: theme.spacing(0, 2),
    border: 0,
    borderRadius: 6,
    font: 'inherit',
    fontSize: 15,
    fontWeight: 600,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
    cursor: 'pointer',
    '&:disabled': { opacity: 0.6, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  },
  '& p': { margin: 0, fontSize: 14 },
  '& .error': { color: theme.palette.error.main },
  '& .done': { color: theme.palette.success.dark, fontWeight: 600 },
}));

const Opener = sharedStyled('button', (theme) => ({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  color: theme.palette.primary.main,
  textDecoration: 'underline',
  cursor: 'pointer',
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));

export default function StockAlertForm({ productId, title, compact = false }) {
  const fieldId = useId();
  const [open, setOpen] = useState(!compact);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState({ state: 'idle', message: '' });

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    fetch('/api/me', { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : null))
      .then((me) => {
        if (live && me?.email) setEmail((typed) => typed || me.email);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [open]);

  if (!open) {
    return (
      <Opener type="button" onClick={() => setOpen(true)}>
        Tell me when it’s back
      </Opener>
    );
  }

  const submit = async (event) => {
    event.preventDefault();
    setStatus({ state: 'sending', message: '' });
    try {
      const response = await fetch(`/api/products/${productId}/stock-alerts`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': await csrfToken() },
        body: JSON.stringify({ email }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) {
        setStatus({ state: 'done', message: `We will email ${body.email} once when it is back.` });
      } else {
        setStatus({ state: 'error', message: body.errors?.email || body.message || 'That did not work: try again.' });
      }
    } catch {
      setStatus({ state: 'error', message: 'That did not work: check your connection and try again.' });
    }
  };

  if (status.state === 'done') {
    return (
      <Form as="div" role="status">
        <p className="done">{status.message}</p>
      </Form>
    );
  }
  return (
    <Form onSubmit={submit} aria-label={`Tell me when ${title} is back`}>
      <label htmlFor={fieldId}>Tell me when it’s back</label>
      <div className="row">
        <input
          id={fieldId}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" disabled={status.state === 'sending'}>
          Email me
        </button>
      </div>
      {status.state === 'error' && (
        <p className="error" role="alert">
          {status.message}
        </p>
      )}
    </Form>
  );
}
