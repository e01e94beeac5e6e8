// SPEC §5's confirmation dialog for destructive actions: title 'Are you sure?', buttons 'Ok' and
// 'Cancel'. Ok stays disabled until the required keyword is typed (e.g. the record's name) or,
// where there is no keyword, the acknowledgement box is ticked. Loaded on first use (AskFirst).
// `children` adds to the question (e.g. how a payout is paid); `ready` false keeps Ok disabled
// whatever is ticked (e.g. a payout above the seller's balance). While Ok's action runs, Ok shows a
// spinner and neither button can be pressed again.
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';

export default function ConfirmDialog({
  open,
  title = 'Are you sure?',
  message,
  keyword,
  acknowledgement = 'I understand this cannot be undone',
  okText = 'Ok',
  cancelText = 'Cancel',
  okColor = 'error',
  ready = true,
  onOk,
  onClose,
  children,
}) {
  const [typed, setTyped] = useState('');
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const confirmed = ready && (keyword ? typed.trim() === keyword.trim() : ticked);

  const reset = () => {
    setTyped('');
    setTicked(false);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const confirm = async (event) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    try {
      await onOk();
    } finally {
      setBusy(false);
      reset();
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={confirm} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {message && <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>}
          {children}
          {keyword ? (
            <TextField
              // eslint-disable-next-line jsx-a11y/no-autofocus -- an opened dialog focuses its field (WAI-ARIA dialog pattern)
              autoFocus
              fullWidth
              size="small"
              label={`Type “${keyword}” to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
          ) : (
            <FormControlLabel
              control={<Checkbox checked={ticked} onChange={(event) => setTicked(event.target.checked)} />}
              label={acknowledgement}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {cancelText}
          </Button>
          <Button
            type="submit"
            color={okColor}
            variant="contained"
            disabled={!confirmed || busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label="Sending" /> : null}
          >
            {okText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
