// Where the order goes: to the billing address, to one of the signed-in shopper's saved addresses
// (the default chosen first), or to another address typed here, which a signed-in shopper may
// save to the account ("Save this address").
// choice: 'billing' | 'new' | a saved address's id (as a string).
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { styled } from '@mui/material/styles';
import AddressFields from '../../account/AddressFields.jsx';
import { addressLines } from '../../account/addressRules.js';

const Choices = styled(RadioGroup)(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(1),
  marginTop: theme.spacing(1),
  '& > label': {
    margin: 0,
    alignItems: 'flex-start',
    padding: theme.spacing(0.5, 1.5, 0.5, 0),
    borderRadius: 6,
    border: `1px solid ${theme.palette.grey[300]}`,
  },
  '& > label .MuiRadio-root': { paddingTop: theme.spacing(0.75) },
  '& > label .MuiFormControlLabel-label': { paddingTop: theme.spacing(1), overflowWrap: 'anywhere', minWidth: 0 },
  '& > label:has(input:checked)': { borderColor: theme.palette.primary.main, background: theme.palette.grey[100] },
  '& .lines': { display: 'block', fontSize: 14, color: theme.palette.text.secondary },
}));

const NewAddress = styled('div')(({ theme }) => ({ marginTop: theme.spacing(2.5) }));

export default function DeliveryChoice({ signedIn, saved, choice, onChoice, address, errors, onChange, onLeave, inputRef, save, onSave }) {
  return (
    <>
      <FormControl component="fieldset" fullWidth>
        <FormLabel component="legend">Deliver to</FormLabel>
        <Choices name="delivery" value={choice} onChange={(event, value) => onChoice(value)}>
          <FormControlLabel value="billing" control={<Radio />} label="My billing address" />
          {saved.map((one) => {
            const [first, ...rest] = addressLines(one);
            return (
              <FormControlLabel
                key={one.id}
                value={String(one.id)}
                control={<Radio />}
                label={
                  <>
                    {first}
                    {one.isDefault ? ' (default)' : ''}
                    <span className="lines">{rest.join(', ')}</span>
                  </>
                }
              />
            );
          })}
          <FormControlLabel value="new" control={<Radio />} label="Another address" />
        </Choices>
      </FormControl>
      {choice === 'new' && (
        <NewAddress>
          <AddressFields idPrefix="delivery" address={address} errors={errors} onChange={onChange} onLeave={onLeave} inputRef={inputRef} />
          {signedIn && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={save} onChange={(event) => onSave(event.target.checked)} />}
              label="Save this address to my account"
            />
          )}
        </NewAddress>
      )}
    </>
  );
}
