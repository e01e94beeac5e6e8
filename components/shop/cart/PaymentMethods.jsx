// How the shopper would like to pay: the methods the shop offers (config.payments.methods: a card
// through Stripe where it is configured, and cash on delivery), as a radio group.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { styled } from '@mui/material/styles';
import { methodInWords } from './paymentWords.js';

const Methods = styled(RadioGroup)(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: theme.spacing(1),
  marginTop: theme.spacing(1),
  '& label': {
    margin: 0,
    paddingInlineEnd: theme.spacing(1.5),
    borderRadius: 6,
    border: `1px solid ${theme.palette.grey[300]}`,
  },
  '& label:has(input:checked)': { borderColor: theme.palette.primary.main, background: theme.palette.grey[100] },
}));

export default function PaymentMethods({ methods, value, error, onChange, inputRef }) {
  return (
    <FormControl component="fieldset" required error={Boolean(error)} fullWidth>
      <FormLabel component="legend">Payment method</FormLabel>
      <Methods name="paymentMethod" value={value} onChange={onChange} aria-describedby={error ? 'payment-help' : undefined}>
        {methods.map((method, i) => (
          <FormControlLabel
            key={method}
            value={method}
            label={methodInWords(method)}
            control={<Radio inputRef={i === 0 ? inputRef : undefined} />}
          />
        ))}
      </Methods>
      {error && <FormHelperText id="payment-help">{error}</FormHelperText>}
    </FormControl>
  );
}
