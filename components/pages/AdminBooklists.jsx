// /admin/booklists: every school booklist, searched by school, filtered (class, published), sorted
// and paged on the server; published switched inline; deleted after SPEC §5's dialog.
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import AdminLayout from '../admin/AdminLayout.jsx';
import { booklistName } from '../admin/forms/booklist.js';
import { YES_NO } from '../admin/list/FilterSelect.jsx';
import ListView from '../admin/list/ListView.jsx';
import RowSwitch from '../admin/list/RowSwitch.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useRemove from '../admin/list/useRemove.jsx';
import Link from '../common/Link.jsx';
import RouterAnchor from '../common/RouterAnchor.jsx';

const ENDPOINT = '/api/booklists';

export default function AdminBooklists({ session, list: initial, classes = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  const remove = useRemove(
    ENDPOINT,
    (row) => ({
      name: `the booklist “${booklistName(row)}”`,
      message: `The booklist “${booklistName(row)}” will be deleted; its books stay in the shop.`,
    }),
    () => list.reload(),
  );

  const columns = [
    {
      key: 'school',
      label: 'School',
      sortable: true,
      render: (row) => (
        <Link href={`/admin/booklists/${row.id}`} sx={{ fontWeight: 600, display: 'inline-block', minWidth: 160 }}>
          {row.school}
        </Link>
      ),
    },
    { key: 'grade', label: 'Class', sortable: true, render: (row) => `Class ${row.grade}` },
    { key: 'academicYear', label: 'Year', sortable: true },
    { key: 'items', label: 'Books', sortable: true, align: 'right' },
    {
      key: 'published',
      label: 'Published',
      sortable: true,
      render: (row) => (
        <RowSwitch
          list={list}
          endpoint={ENDPOINT}
          row={row}
          field="published"
          label={`Published: ${booklistName(row)}`}
          said={(on) => `“${booklistName(row)}” is ${on ? 'published' : 'unpublished'}`}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {row.published && (
            <IconButton
              size="small"
              component="a"
              href={row.url}
              target="_blank"
              rel="noopener"
              aria-label={`See ${booklistName(row)} in the shop`}
            >
              <OpenInNew fontSize="small" />
            </IconButton>
          )}
          <IconButton size="small" component={RouterAnchor} href={`/admin/booklists/${row.id}`} aria-label={`Edit ${booklistName(row)}`}>
            <EditOutlined fontSize="small" />
          </IconButton>
          {remove.button(row, `Delete ${booklistName(row)}`)}
        </Stack>
      ),
    },
  ];

  const filters = [
    { name: 'grade', label: 'Class', options: classes.map((grade) => ({ value: grade, label: `Class ${grade}` })) },
    { name: 'published', label: 'Published', options: YES_NO },
  ];

  return (
    <AdminLayout active="/admin/booklists" title="Booklists" session={session}>
      <ListView
        title="Booklists"
        list={list}
        columns={columns}
        filters={filters}
        searchLabel="Search schools"
        emptyText="No booklists yet."
        actions={
          <Button variant="contained" size="small" startIcon={<Add />} component={RouterAnchor} href="/admin/booklists/new">
            Add booklist
          </Button>
        }
      />
      {remove.dialog}
    </AdminLayout>
  );
}
