// /admin/search-synonyms: the pairs of words search takes for one another ("maths" ↔
// "mathematics"), searched, sorted and paged on the server; added and edited in a dialog;
// deleted after asking. A change counts from the very next search.
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import SynonymForm from '../admin/forms/SynonymForm.jsx';
import ListView from '../admin/list/ListView.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useRemove from '../admin/list/useRemove.jsx';
import { notify } from '../common/toast.jsx';

const ENDPOINT = '/api/search-synonyms';
const named = (pair) => `“${pair.term}” ↔ “${pair.synonym}”`;

export default function AdminSearchSynonyms({ session, list: initial, limits }) {
  const list = useAdminList(ENDPOINT, initial);
  const [editing, setEditing] = useState(null);
  const remove = useRemove(
    ENDPOINT,
    (pair) => ({ name: named(pair), message: `Search will no longer take ${named(pair)} for one another.` }),
    () => list.reload(),
  );
  const saved = (pair) => {
    notify.success(editing?.id ? `Saved ${named(pair)}` : `Added ${named(pair)}`);
    setEditing(null);
    list.reload();
  };

  const columns = [
    { key: 'term', label: 'Term', sortable: true },
    { key: 'synonym', label: 'Synonym', sortable: true },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (pair) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <IconButton size="small" aria-label={`Edit ${pair.term} ↔ ${pair.synonym}`} onClick={() => setEditing(pair)}>
            <EditOutlined fontSize="small" />
          </IconButton>
          {remove.button(pair, `Delete ${pair.term} ↔ ${pair.synonym}`)}
        </Stack>
      ),
    },
  ];

  return (
    <AdminLayout active="/admin/search-synonyms" title="Search synonyms" session={session}>
      <ListView
        title="Search synonyms"
        list={list}
        columns={columns}
        searchLabel="Search synonyms"
        emptyText="No synonyms yet."
        actions={
          <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setEditing({})}>
            Add synonym
          </Button>
        }
      />
      {editing && <SynonymForm pair={editing.id ? editing : null} limits={limits} onClose={() => setEditing(null)} onSaved={saved} />}
      {remove.dialog}
    </AdminLayout>
  );
}
