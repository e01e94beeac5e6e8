// /account/addresses: the shopper's saved addresses: the list (the default first), a form to add
// one or change one, delete (after a confirmation) and "Make default". The checkout offers them.
import { startTransition, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import { sharedStyled } from '../common/sharedStyles.js';
import { notify } from '../common/toast.jsx';
import AccountLayout from '../account/AccountLayout.jsx';
import AddressFields from '../account/AddressFields.jsx';
import { Panel } from '../account/OrderDetails.jsx';
import { ADDRESS_FIELDS, EMPTY_ADDRESS, addressErrors, addressFieldError, addressLines, cleanedAddress } from '../account/addressRules.js';
import { sendJson } from '../account/api.js';

const List = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: theme.spacing(2),
  '& li': {
    display: 'grid',
    alignContent: 'space-between',
    gap: theme.spacing(1.5),
    padding: theme.spacing(2),
    borderRadius: 8,
    background: theme.palette.background.paper,
    border: `1px solid ${theme.palette.grey[200]}`,
    minWidth: 0,
  },
  '& li.default': { borderColor: theme.palette.primary.main },
  '& address': { fontStyle: 'normal', overflowWrap: 'anywhere', lineHeight: 1.5 },
  '& .badge': {
    display: 'inline-block',
    marginBottom: theme.spacing(0.5),
    padding: theme.spacing(0.25, 1),
    borderRadius: 12,
    fontSize: 12,
    fontWeight: 700,
    background: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
  },
  '& .buttons': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) },
}));

const Toolbar = sharedStyled('div', (theme) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1.5),
  '& p': { margin: 0, color: theme.palette.text.secondary },
}));

const FormActions = sharedStyled('div', (theme) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1.5),
  marginTop: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { '& button': { flexGrow: 1 } },
}));

function AddressForm({ initial, onSaved, onCancel }) {
  const editing = initial.id !== undefined;
  const [address, setAddress] = useState({ ...EMPTY_ADDRESS, ...initial });
  const [makeDefault, setMakeDefault] = useState(Boolean(initial.isDefault));
  const [errors, setErrors] = useState({});
  const [problem, setProblem] = useState(null);
  const [sending, setSending] = useState(false);
  const inputs = useRef({});

  const change = (field, value) => {
    setAddress((all) => ({ ...all, [field]: value }));
    if (errors[field]) setErrors((all) => ({ ...all, [field]: addressFieldError(field, value) || undefined }));
  };
  const leave = (field) => {
    if ((address[field] || '').trim() || errors[field])
      setErrors((all) => ({ ...all, [field]: addressFieldError(field, address[field]) || undefined }));
  };
  const focusFirst = (found) => {
    const field = ADDRESS_FIELDS.find((name) => found[name]);
    if (field) inputs.current[field]?.focus();
  };

  async function submit(event) {
    event.preventDefault();
    const found = addressErrors(address);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setSending(true);
    setProblem(null);
    const body = { ...cleanedAddress(address), isDefault: makeDefault };
    const answer = editing
      ? await sendJson('PATCH', `/api/me/addresses/${initial.id}`, body)
      : await sendJson('POST', '/api/me/addresses', body);
    setSending(false);
    if (answer.ok) return onSaved(answer.data, editing);
    setErrors(answer.data.errors || {});
    setProblem(answer.data.message);
    focusFirst(answer.data.errors || {});
  }

  return (
    <Panel aria-labelledby="address-form-title">
      <h2 id="address-form-title">{editing ? 'Change this address' : 'Add an address'}</h2>
      <form noValidate onSubmit={submit}>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <AddressFields
          idPrefix="address"
          address={address}
          errors={errors}
          onChange={change}
          onLeave={leave}
          inputRef={(field) => (element) => {
            inputs.current[field] = element;
          }}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />}
          label="Use this address first at checkout (default)"
        />
        <FormActions>
          <Button type="submit" variant="contained" loading={sending} loadingPosition="start">
            {editing ? 'Save changes' : 'Save address'}
          </Button>
          <Button type="button" variant="outlined" onClick={onCancel}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Panel>
  );
}

export default function AccountAddresses({ me, addresses: initial = [] }) {
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState(null); // {} to add, an address to change
  const [deleting, setDeleting] = useState(null);
  const [said, setSaid] = useState('');
  // The buttons work once the page is hydrated: until then (and without JavaScript) they wait.
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  if (!me) return <AccountLayout title="Your addresses">Loading…</AccountLayout>;

  const reload = async (message) => {
    const response = await fetch('/api/me/addresses', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (response.ok) setAddresses(await response.json());
    setSaid(message);
    notify.success(message);
  };
  const saved = (address, changed) => {
    setEditing(null);
    reload(changed ? `The address of ${address.name} was changed.` : `The address of ${address.name} was saved.`);
  };
  const makeDefault = async (address) => {
    const answer = await sendJson('PATCH', `/api/me/addresses/${address.id}`, { isDefault: true });
    if (answer.ok) reload(`The address of ${address.name} is now your default.`);
    else notify.error(answer.data.message);
  };
  const confirmDelete = async () => {
    const address = deleting;
    setDeleting(null);
    const answer = await sendJson('DELETE', `/api/me/addresses/${address.id}`);
    if (answer.ok) reload(`The address of ${address.name} was deleted.`);
    else notify.error(answer.data.message);
  };

  return (
    <AccountLayout title="Your addresses">
      <Toolbar>
        <p>
          {addresses.length === 0
            ? 'You have no saved addresses yet. Save one here or at checkout.'
            : `${addresses.length} saved ${addresses.length === 1 ? 'address' : 'addresses'}; the default is offered first at checkout.`}
        </p>
        {!editing && (
          <Button variant="contained" disabled={!ready} onClick={() => setEditing({})}>
            Add an address
          </Button>
        )}
      </Toolbar>
      <p role="status" style={{ margin: 0, fontWeight: 600 }}>
        {said}
      </p>
      {editing && <AddressForm key={editing.id ?? 'new'} initial={editing} onSaved={saved} onCancel={() => setEditing(null)} />}
      {addresses.length > 0 && (
        <List aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address.id} className={address.isDefault ? 'default' : undefined}>
              <div>
                {address.isDefault && <span className="badge">Default</span>}
                <address>
                  {addressLines(address).map((line, i) => (
                    <span key={i}>
                      {line}
                      <br />
                    </span>
                  ))}
                </address>
              </div>
              <div className="buttons">
                <Button
                  size="small"
                  variant="outlined"
                  disabled={!ready}
                  onClick={() => setEditing(address)}
                  aria-label={`Edit the address of ${address.name}, ${address.line1}`}
                >
                  Edit
                </Button>
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => setDeleting(address)}
                  aria-label={`Delete the address of ${address.name}, ${address.line1}`}
                >
                  Delete
                </Button>
                {!address.isDefault && (
                  <Button
                    size="small"
                    onClick={() => makeDefault(address)}
                    aria-label={`Make the address of ${address.name}, ${address.line1} the default`}
                  >
                    Make default
                  </Button>
                )}
              </div>
            </li>
          ))}
        </List>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-title" aria-describedby="delete-text">
        <DialogTitle id="delete-title">Delete this address?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text">{deleting ? addressLines(deleting).join(', ') : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Keep it</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </AccountLayout>
  );
}
