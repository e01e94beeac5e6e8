// How many to buy: − and + buttons round a number field, kept between 1 and what is in stock.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import Add from '../../icons/Add.js';
import Remove from '../../icons/Remove.js';
import IconAction from '../IconAction.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';

const Wrapper = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  '& input': {
    width: 56,
    height: 44,
    padding: 0,
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: 6,
    font: 'inherit',
    fontSize: 16,
    fontWeight: 600,
    textAlign: 'center',
    color: theme.palette.text.primary,
    background: theme.palette.background.paper,
    MozAppearance: 'textfield',
    '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', margin: 0 },
    '&:focus': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -1, borderColor: 'transparent' },
  },
  '& button': { width: 44, height: 44 },
}));

export const clampQuantity = (value, max) => Math.max(1, Math.min(max, Math.floor(Number(value)) || 1));

/** value: what the field shows (a string while being typed); onChange(next string or number). */
export default function QuantityPicker({ value, max, onChange, disabled = false }) {
  const id = useId();
  const qty = clampQuantity(value, max);
  return (
    <Wrapper>
      <VisuallyHidden as="label" htmlFor={id}>
        Quantity
      </VisuallyHidden>
      <IconAction type="button" aria-label="One less" disabled={disabled || qty <= 1} onClick={() => onChange(qty - 1)}>
        <Remove />
      </IconAction>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onChange(qty)}
      />
      <IconAction type="button" aria-label="One more" disabled={disabled || qty >= max} onClick={() => onChange(qty + 1)}>
        <Add />
      </IconAction>
    </Wrapper>
  );
}
