// A labelled text field with its message under it. Built from MUI's FormControl pieces rather
// than TextField, which always brings Select (and with it Menu, Popover and Modal) to the page.
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

// idPrefix tells apart two forms of one page (the billing and the delivery address).
export default function Field({ name, label, error, hint, inputRef, className, required = true, idPrefix = 'checkout', ...input }) {
  const id = `${idPrefix}-${name}`;
  const helper = error || hint;
  return (
    <FormControl fullWidth required={required} error={Boolean(error)} className={className}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        inputRef={inputRef}
        inputProps={{ 'aria-describedby': helper ? `${id}-help` : undefined }}
        {...input}
      />
      {helper && <FormHelperText id={`${id}-help`}>{helper}</FormHelperText>}
    </FormControl>
  );
}
