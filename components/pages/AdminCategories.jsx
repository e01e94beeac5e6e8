// /admin/categories: the category tree as a list (level, parent), searched, filtered (level,
// featured, parent), sorted and paged on the server; featured switched inline; created and
// edited in a dialog; deleted after SPEC §5's dialog (the server refuses while it has products).
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import { fetchRecord } from '../admin/forms/api.js';
import CategoryForm from '../admin/forms/CategoryForm.jsx';
import { NameCell, orDash } from '../admin/list/cells.jsx';
import { YES_NO } from '../admin/list/FilterSelect.jsx';
import ListView from '../admin/list/ListView.jsx';
import RowSwitch from '../admin/list/RowSwitch.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useRemove from '../admin/list/useRemove.jsx';
import { useRouter } from '../common/router.jsx';
import { notify } from '../common/toast.jsx';

const ENDPOINT = '/api/category';

export default function AdminCategories({ session, list: initial, categories = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  const { navigate } = useRouter();
  // null: closed; {}: a new category; a record: editing it.
  const [editing, setEditing] = useState(null);
  // The parent choices change with every save: the page's props bring them fresh.
  const refresh = () => navigate(window.location.pathname + window.location.search, { push: false });
  const remove = useRemove(
    ENDPOINT,
    (row) => ({ name: `“${row.name}”`, keyword: row.name, message: `The category “${row.name}” will be deleted. This cannot be undone.` }),
    refresh,
  );
  const edit = async (row) => {
    const answer = await fetchRecord(`${ENDPOINT}/${row.id}`);
    if (answer.ok) setEditing(answer.data);
    else notify.error(answer.data.message);
  };
  const saved = (record) => {
    notify.success(editing?.id ? `Saved “${record.name}”` : `Created “${record.name}”`);
    setEditing(null);
    refresh();
  };

  const columns = [
    { key: 'name', label: 'Name', sortable: true, render: (row) => <NameCell image={row.banner} name={row.name} /> },
    { key: 'category', label: 'Parent', sortable: true, render: (row) => orDash(row.category) },
    { key: 'level', label: 'Level', sortable: true, align: 'right' },
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

  const levels = [...new Set(categories.map((c) => c.level))].sort((a, b) => a - b);
  const filters = [
    { name: 'level', label: 'Level', options: levels.map((level) => ({ value: level, label: `Level ${level}` })) },
    { name: 'featured', label: 'Featured', options: YES_NO },
    { name: 'parent', label: 'Parent', options: categories.map((c) => ({ value: c.id, label: c.name, depth: c.level - 1 })) },
  ];

  return (
    <AdminLayout active="/admin/categories" title="Categories" session={session}>
      <ListView
        title="Categories"
        list={list}
        columns={columns}
        filters={filters}
        searchLabel="Search categories"
        emptyText="No categories yet."
        actions={
          <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setEditing({})}>
            Add category
          </Button>
        }
      />
      {editing && (
        <CategoryForm category={editing.id ? editing : null} categories={categories} onClose={() => setEditing(null)} onSaved={saved} />
      )}
      {remove.dialog}
    </AdminLayout>
  );
}
