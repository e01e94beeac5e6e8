// A read-only text to copy (an invite link, recovery codes): selectable by hand, and a Copy button
// where the browser lets a page write to the clipboard.
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { notify } from '../common/toast.jsx';

export default function CopyField({ label, value, multiline = false, rows, testId }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(`${label} copied`);
    } catch {
      notify.info('Select the text and copy it by hand: this browser does not let the page copy it.');
    }
  };
  const button = (
    <InputAdornment position="end">
      <IconButton aria-label={`Copy ${label.toLowerCase()}`} onClick={copy} edge="end">
        <ContentCopy />
      </IconButton>
    </InputAdornment>
  );
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline={multiline}
      rows={rows}
      slotProps={{ input: { readOnly: true, endAdornment: button, sx: { fontFamily: 'monospace' } }, htmlInput: { 'data-testid': testId } }}
      onFocus={(event) => event.target.select()}
    />
  );
}
