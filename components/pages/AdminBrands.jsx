// /admin/brands: brands searched, filtered (featured), sorted and paged on the server; featured
// switched inline; created and edited in a dialog; deleted after SPEC §5's dialog.
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import { fetchRecord } from '../admin/forms/api.js';
import BrandForm from '../admin/forms/BrandForm.jsx';
import { NameCell } from '../admin/list/cells.jsx';
import { YES_NO } from '../admin/list/FilterSelect.jsx';
import ListView from '../admin/list/ListView.jsx';
import RowSwitch from '../admin/list/RowSwitch.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useRemove from '../admin/list/useRemove.jsx';
import { notify } from '../common/toast.jsx';

const ENDPOINT = '/api/brands';

export default function AdminBrands({ session, list: initial }) {
  const list = useAdminList(ENDPOINT, initial);
  const [editing, setEditing] = useState(null);
  const remove = useRemove(
    ENDPOINT,
    (row) => ({
      name: `“${row.name}”`,
      keyword: row.name,
      message: `The brand “${row.name}” will be deleted; its products stay, without a brand.`,
    }),
    () => list.reload(),
  );
  const edit = async (row) => {
    const answer = await fetchRecord(`${ENDPOINT}/${row.id}`);
    if (answer.ok) setEditing(answer.data);
    else notify.error(answer.data.message);
  };
  const saved = (record) => {
    notify.success(editing?.id ? `Saved “${record.name}”` : `Created “${record.name}”`);
    setEditing(null);
    list.reload();
  };

  const columns = [
    { key: 'name', label: 'Name', sortable: true, render: (row) => <NameCell image={row.logo} name={row.name} /> },
    {
      key: 'featured',
      label: 'Featured',
      sortable: true,
      render: (row) => (
        <RowSwitch
          list={list}
          endpoint={ENDPOINT}
          row={row}
          field="featured"
          label={`Featured: ${row.name}`}
          said={(on) => `“${row.name}” is ${on ? 'featured' : 'no longer featured'}`}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => edit(row)}>
            <EditOutlined fontSize="small" />
          </IconButton>
          {remove.button(row, `Delete ${row.name}`)}
        </Stack>
      ),
    },
  ];

  return (
    <AdminLayout active="/admin/brands" title="Brands" session={session}>
      <ListView
        title="Brands"
        list={list}
        columns={columns}
        filters={[{ name: 'featured', label: 'Featured', options: YES_NO }]}
        searchLabel="Search brands"
        emptyText="No brands yet."
        actions={
          <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setEditing({})}>
            Add brand
          </Button>
        }
      />
      {editing && <BrandForm brand={editing.id ? editing : null} onClose={() => setEditing(null)} onSaved={saved} />}
      {remove.dialog}
    </AdminLayout>
  );
}
