// Deleting a row: ask first (SPEC §5 dialog), then DELETE, then a toast and a fresh list.
// ask(row) opens the dialog; `dialog` is the element to render.
// describe(row) -> { name, keyword?, message }: a keyword must be typed, else a box ticked.
import { useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import { notify } from '../../common/toast.jsx';
import { sendJson } from '../forms/api.js';
import AskFirst from './AskFirst.jsx';

export default function useRemove(endpoint, describe, onRemoved) {
  const [doomed, setDoomed] = useState(null);
  const about = doomed ? describe(doomed) : null;

  const remove = async () => {
    const answer = await sendJson('DELETE', `${endpoint}/${doomed.id}`);
    setDoomed(null);
    if (answer.ok) {
      notify.success(`Deleted ${about.name}`);
      onRemoved(doomed);
    } else {
      notify.error(answer.data.message);
    }
  };

  const dialog = (
    <AskFirst open={Boolean(doomed)} message={about?.message} keyword={about?.keyword} onOk={remove} onClose={() => setDoomed(null)} />
  );
  const button = (row, label) => (
    <IconButton size="small" color="error" aria-label={label} onClick={() => setDoomed(row)}>
      <DeleteOutline fontSize="small" />
    </IconButton>
  );
  return { ask: setDoomed, dialog, button };
}
