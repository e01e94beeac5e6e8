// The fields of an address (name, phone, street lines, town, postcode, country) as one grid, two
// columns wide and one on a phone; used by the account's address form and the checkout's delivery
// address. address/errors are {field: value}; onChange(field, value); onLeave(field).
import { sharedStyled } from '../common/sharedStyles.js';
import Field from '../shop/cart/Field.jsx';
import { isOptional } from './addressRules.js';

const Grid = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: theme.spacing(2.5, 2),
  '& .wide': { gridColumn: '1 / -1' },
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr' },
}));

const LABELS = [
  ['name', 'Full name', 'name', 'wide'],
  ['line1', 'Street address', 'address-line1', 'wide'],
  ['line2', 'Flat, floor, building (optional)', 'address-line2', 'wide'],
  ['city', 'Town or city', 'address-level2'],
  ['postcode', 'Postcode', 'postal-code'],
  ['country', 'Country', 'country-name'],
  ['phone', 'Phone (optional)', 'tel'],
];

export default function AddressFields({ idPrefix, address, errors = {}, onChange, onLeave, inputRef }) {
  return (
    <Grid>
      {LABELS.map(([name, label, autoComplete, className]) => (
        <Field
          key={name}
          idPrefix={idPrefix}
          name={name}
          label={label}
          className={className}
          required={!isOptional(name)}
          autoComplete={autoComplete}
          type={name === 'phone' ? 'tel' : 'text'}
          value={address[name] || ''}
          error={errors[name]}
          onChange={(event) => onChange(name, event.target.value)}
          onBlur={() => onLeave?.(name)}
          inputRef={inputRef ? inputRef(name) : undefined}
        />
      ))}
    </Grid>
  );
}
