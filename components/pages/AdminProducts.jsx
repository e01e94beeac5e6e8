// /admin/products: every product, searched, filtered (category, brand, published, featured),
// sorted and paged on the server; published switched inline; delete after SPEC §5's dialog.
// A book shows its ISBN under its name, and searching for an ISBN (either form) finds the book.
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import { Nowrap, Thumbnail, TwoLines, money, orDash } from '../admin/list/cells.jsx';
import { YES_NO } from '../admin/list/FilterSelect.jsx';
import ListView from '../admin/list/ListView.jsx';
import RowSwitch from '../admin/list/RowSwitch.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useRemove from '../admin/list/useRemove.jsx';
import Link from '../common/Link.jsx';
import RouterAnchor from '../common/RouterAnchor.jsx';

const ENDPOINT = '/api/products';

// The product's picture and name, linking to its form; a book's ISBN under the name.
function ProductName({ row }) {
  const href = `/admin/products/${row.id}`;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
      <Thumbnail src={row.image} name={row.name} />
      <TwoLines
        primary={
          <Link href={href} sx={{ fontWeight: 600 }}>
            {row.name}
          </Link>
        }
        secondary={row.isbn && <Nowrap>ISBN {row.isbn}</Nowrap>}
      />
    </Stack>
  );
}

export default function AdminProducts({ session, list: initial, categories = [], brands = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  const remove = useRemove(
    ENDPOINT,
    (row) => ({
      name: `“${row.name}”`,
      keyword: row.name,
      message: `“${row.name}” and its reviews will be deleted. This cannot be undone.`,
    }),
    () => list.reload(),
  );

  const columns = [
    { key: 'name', label: 'Name', sortable: true, render: (row) => <ProductName row={row} /> },
    { key: 'category', label: 'Category', sortable: true },
    {
      key: 'brand',
      label: 'Brand',
      sortable: true,
      render: (row) => (row.brand ? <Thumbnail src={row.brand} name="Brand" /> : orDash(null)),
    },
    { key: 'price', label: 'Price', sortable: true, align: 'right', render: (row) => money(row.price) },
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
          label={`Published: ${row.name}`}
          said={(on) => `“${row.name}” is ${on ? 'published' : 'unpublished'}`}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <IconButton size="small" component={RouterAnchor} href={`/admin/products/${row.id}`} aria-label={`Edit ${row.name}`}>
            <EditOutlined fontSize="small" />
          </IconButton>
          {remove.button(row, `Delete ${row.name}`)}
        </Stack>
      ),
    },
  ];

  const filters = [
    { name: 'category', label: 'Category', options: categories.map((c) => ({ value: c.id, label: c.name, depth: c.level - 1 })) },
    { name: 'brand', label: 'Brand', options: brands.map((b) => ({ value: b.id, label: b.name })) },
    { name: 'published', label: 'Published', options: YES_NO },
    { name: 'featured', label: 'Featured', options: YES_NO },
  ];

  return (
    <AdminLayout active="/admin/products" title="Products" session={session}>
      <ListView
        title="Products"
        list={list}
        columns={columns}
        filters={filters}
        searchLabel="Search products or an ISBN"
        emptyText="No products yet."
        actions={
          <Button variant="contained" size="small" startIcon={<Add />} component={RouterAnchor} href="/admin/products/new">
            Add product
          </Button>
        }
      />
      {remove.dialog}
    </AdminLayout>
  );
}
