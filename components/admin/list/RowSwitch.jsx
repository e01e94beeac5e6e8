// A yes/no field switched inline from its row (published, featured): the row changes at once,
// the server is told, and a toast says how it went (the row switches back if it failed).
import { useState } from 'react';
import Switch from '@mui/material/Switch';
import { notify } from '../../common/toast.jsx';
import { sendJson } from '../forms/api.js';

export default function RowSwitch({ list, endpoint, row, field, label, said }) {
  const [busy, setBusy] = useState(false);
  const flip = async (event) => {
    const value = event.target.checked;
    setBusy(true);
    list.patchRow(row.id, { [field]: value });
    const answer = await sendJson('PATCH', `${endpoint}/${row.id}`, { [field]: value });
    setBusy(false);
    if (answer.ok) {
      notify.success(said(value));
    } else {
      list.patchRow(row.id, { [field]: !value });
      notify.error(answer.data.message);
    }
  };
  return <Switch checked={Boolean(row[field])} onChange={flip} disabled={busy} slotProps={{ input: { 'aria-label': label } }} />;
}
