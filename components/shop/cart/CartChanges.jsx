// After the server refused the order because the shop changed (409): which items changed and
// what the cart did about each, so the shopper can look it over and place the order again.
import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { styled } from '@mui/material/styles';

const List = styled('ul')(({ theme }) => ({
  margin: theme.spacing(0.5, 0, 0),
  paddingInlineStart: theme.spacing(2.5),
  '& li + li': { marginTop: theme.spacing(0.5) },
}));

export default function CartChanges({ message, changes, onClose }) {
  const box = useRef(null);
  // The shopper pressed "Place order" at the foot of the form: bring the news into view.
  // (A block body: newer Chromium's scrollIntoView returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'start' });
  }, [changes]);
  return (
    <Alert ref={box} severity="warning" onClose={onClose} sx={{ mb: 3 }} data-testid="cart-changes">
      <AlertTitle>{message || 'Some items in your cart changed.'}</AlertTitle>
      <List>
        {changes.map((change) => (
          <li key={change.key}>
            <strong>{change.name}</strong>: {change.message} {change.outcome}
          </li>
        ))}
      </List>
    </Alert>
  );
}
