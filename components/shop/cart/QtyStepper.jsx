// An item's quantity: − and + buttons round a number the shopper may also type. A typed
// amount counts once it is a whole number; 0 (typed, or − at 1) asks to remove the item.
// The server takes at most 99 of one product per order.
import { useState } from 'react';
import { styled } from '@mui/material/styles';
import Add from '../../icons/Add.js';
import Remove from '../../icons/Remove.js';
import IconAction from '../IconAction.jsx';

export const MAX_QTY = 99;

const Stepper = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(0.75),
  '& input': {
    width: 48,
    height: 32,
    padding: 0,
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: 4,
    font: 'inherit',
    fontWeight: 600,
    textAlign: 'center',
    color: theme.palette.text.primary,
    background: theme.palette.background.paper,
    MozAppearance: 'textfield',
    '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', margin: 0 },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
  },
}));

export default function QtyStepper({ name, qty, onChange }) {
  const [draft, setDraft] = useState(String(qty));
  // A new quantity (from the buttons, or as typed) is shown as the cart holds it. Set while
  // rendering, as React advises for state that follows a prop, not in an effect a render later.
  const [draftOf, setDraftOf] = useState(qty);
  if (!Object.is(qty, draftOf)) {
    setDraftOf(qty);
    setDraft(String(qty));
  }

  const commit = () => {
    const wanted = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(wanted) || wanted < 0) setDraft(String(qty));
    else if (wanted !== qty) onChange(Math.min(wanted, MAX_QTY));
  };
  const typed = (event) => {
    const value = event.target.value;
    setDraft(value);
    const wanted = Number(value);
    // Counted as typed, except 0: removing waits until the shopper leaves the box or presses Enter.
    if (value !== '' && Number.isInteger(wanted) && wanted >= 1) onChange(Math.min(wanted, MAX_QTY));
  };

  return (
    <Stepper>
      <IconAction type="button" className="small" aria-label={`One less ${name}`} onClick={() => onChange(qty - 1)}>
        <Remove />
      </IconAction>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_QTY}
        value={draft}
        aria-label={`Quantity of ${name}`}
        onChange={typed}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
      <IconAction
        type="button"
        className="small"
        aria-label={`One more ${name}`}
        disabled={qty >= MAX_QTY}
        onClick={() => onChange(qty + 1)}
      >
        <Add />
      </IconAction>
    </Stepper>
  );
}
