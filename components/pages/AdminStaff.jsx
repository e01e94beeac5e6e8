// /admin/staff (the owner's): the back-office accounts with their role, status, two-factor
// sign-in and last sign-in; inviting a member of staff by email; disabling (their sessions end at
// once) and enabling accounts; and whether the shop requires two-factor sign-in for everyone.
// An invite's one-time link (valid 48 hours) is mailed to the invited person and shown to the owner,
// who passes it on by hand where no mail server is configured.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AdminLayout from '../admin/AdminLayout.jsx';
import CopyField from '../admin/CopyField.jsx';
import DataTable from '../admin/DataTable.jsx';
import { capitalised, formatDateTime } from '../admin/format.js';
import Section from '../admin/Section.jsx';
import { fetchRecord, fieldErrors, sendJson } from '../admin/forms/api.js';
import { notify } from '../common/toast.jsx';

const ENDPOINT = '/api/admin/staff';
const STATUS_TONES = { active: 'success', invited: 'warning', disabled: 'default' };

function InviteForm({ onInvited }) {
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    const answer = await sendJson('POST', ENDPOINT, { email: fields.get('email'), name: fields.get('name'), role: fields.get('role') });
    setBusy(false);
    if (!answer.ok) {
      setErrors(fieldErrors(answer.data));
      notify.error(answer.data.message);
      return;
    }
    setErrors({});
    form.reset();
    onInvited(answer.data);
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <TextField
        name="email"
        type="email"
        label="Email"
        required
        error={!!errors.email}
        helperText={errors.email || ' '}
        sx={{ flexGrow: 1 }}
      />
      <TextField name="name" label="Name" required error={!!errors.name} helperText={errors.name || ' '} sx={{ flexGrow: 1 }} />
      <TextField name="role" label="Role" select defaultValue="staff" helperText=" " sx={{ minWidth: 140 }}>
        <MenuItem value="staff">Staff</MenuItem>
        <MenuItem value="owner">Owner</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { md: 1 } }}>
        Invite
      </Button>
    </Stack>
  );
}

function InviteLink({ invite, onClose }) {
  return (
    <Alert severity="success" onClose={onClose} sx={{ '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}>
      <Stack spacing={1.5}>
        <Typography>
          {invite.mailed
            ? `We have emailed this link to ${invite.staff.name} (${invite.staff.email}); you can also copy it.`
            : `No mail server is configured, so the invite waits in the outbox: copy this link and give it to ${invite.staff.name} (${invite.staff.email}).`}{' '}
          It sets their password, works once, and expires in 48 hours.
        </Typography>
        <CopyField label="Invite link" value={invite.inviteUrl} testId="invite-link" />
      </Stack>
    </Alert>
  );
}

function RequireTwoFactor({ settings: initial }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  const change = async (event) => {
    const wanted = event.target.checked;
    setBusy(true);
    const answer = await sendJson('PATCH', '/api/admin/settings', { requireTwoFactor: wanted });
    setBusy(false);
    if (!answer.ok) {
      notify.error(answer.data.message);
      return;
    }
    setSettings(answer.data);
    notify.success(wanted ? 'Every account now signs in with two-factor sign-in' : 'Two-factor sign-in is no longer required');
  };
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={<Switch checked={settings.requireTwoFactor} onChange={change} disabled={busy} />}
        label="Require two-factor sign-in for every account"
      />
      <Typography variant="body2" color="text.secondary">
        Staff and sellers alike (shoppers are not asked): an account without it is sent to set it up right after its password, and can use
        nothing else until it has.
      </Typography>
    </Stack>
  );
}

function lastSignIn(row) {
  return row.status === 'invited' ? `Invited, link until ${formatDateTime(row.inviteExpiresAt)}` : formatDateTime(row.lastSignInAt);
}

export default function AdminStaff({ session, staff: initial = [], settings }) {
  const [staff, setStaff] = useState(initial);
  const [invite, setInvite] = useState(null);
  const me = session?.user?.email;

  const reload = async () => {
    const answer = await fetchRecord(ENDPOINT);
    if (answer.ok) setStaff(answer.data);
  };
  const invited = (answer) => {
    setInvite(answer);
    notify.success(`${answer.staff.email} is invited`);
    reload();
  };
  const setDisabled = async (row, disabled) => {
    const answer = await sendJson('PATCH', `${ENDPOINT}/${row.id}`, { disabled });
    if (!answer.ok) return notify.error(answer.data.message);
    notify.success(`${row.email} is ${disabled ? 'disabled: their sessions have ended' : 'enabled again'}`);
    return reload();
  };
  const newLink = async (row) => {
    const answer = await sendJson('POST', `${ENDPOINT}/${row.id}/invite`);
    if (!answer.ok) return notify.error(answer.data.message);
    setInvite(answer.data);
    return reload();
  };

  const columns = [
    {
      key: 'name',
      label: 'Account',
      render: (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {row.email}
          </Typography>
        </>
      ),
    },
    { key: 'role', label: 'Role', render: (row) => capitalised(row.role) },
    {
      key: 'status',
      label: 'Status',
      render: (row) => <Chip size="small" variant="outlined" label={capitalised(row.status)} color={STATUS_TONES[row.status]} />,
    },
    { key: 'twoFactor', label: 'Two-factor', render: (row) => (row.twoFactor ? 'On' : 'Off') },
    { key: 'lastSignInAt', label: 'Last sign-in', render: lastSignIn },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {row.status === 'invited' && (
            <Button size="small" onClick={() => newLink(row)} aria-label={`New invite link for ${row.email}`}>
              New link
            </Button>
          )}
          {row.email !== me &&
            (row.status === 'disabled' ? (
              <Button size="small" onClick={() => setDisabled(row, false)} aria-label={`Enable ${row.email}`}>
                Enable
              </Button>
            ) : (
              <Button size="small" color="error" onClick={() => setDisabled(row, true)} aria-label={`Disable ${row.email}`}>
                Disable
              </Button>
            ))}
        </Stack>
      ),
    },
  ];

  return (
    <AdminLayout active="/admin/staff" title="Staff" session={session}>
      <Stack spacing={3}>
        <Section title="Invite a member of staff">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Staff look after the catalogue, orders and reviews; payouts, package payments, staff, settings and the audit log stay with
            owners.
          </Typography>
          <InviteForm onInvited={invited} />
          {invite && <InviteLink invite={invite} onClose={() => setInvite(null)} />}
        </Section>
        <DataTable title="Accounts" columns={columns} rows={staff} empty="No accounts yet." />
        <Section title="Sign-in">
          <RequireTwoFactor settings={settings} />
        </Section>
      </Stack>
    </AdminLayout>
  );
}
