// /admin/reviews: customer reviews, newest first, searched, filtered (published, product), sorted
// and paged on the server; published or unpublished inline; deleted after SPEC §5's dialog.
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import AdminLayout from '../admin/AdminLayout.jsx';
import { Clipped, NameCell } from '../admin/list/cells.jsx';
import { YES_NO } from '../admin/list/FilterSelect.jsx';
import ListView from '../admin/list/ListView.jsx';
import RowSwitch from '../admin/list/RowSwitch.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useRemove from '../admin/list/useRemove.jsx';

const ENDPOINT = '/api/reviews';

export default function AdminReviews({ session, list: initial, product }) {
  const list = useAdminList(ENDPOINT, initial);
  const remove = useRemove(
    ENDPOINT,
    (row) => ({
      name: `the review by ${row.customer}`,
      message: `The review by ${row.customer} of “${row.name}” will be deleted. This cannot be undone.`,
    }),
    () => list.reload(),
  );

  const columns = [
    { key: 'name', label: 'Product', sortable: true, render: (row) => <NameCell image={row.image} name={row.name} /> },
    { key: 'customer', label: 'Customer', sortable: true },
    {
      key: 'rating',
      label: 'Rating',
      sortable: true,
      render: (row) => <Rating value={row.rating} readOnly size="small" aria-label={`${row.rating} out of 5 stars`} />,
    },
    {
      key: 'comment',
      label: 'Comment',
      sortable: true,
      render: (row) => <Clipped text={row.comment} width={360} />,
    },
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
          label={`Published: review by ${row.customer}`}
          said={(on) => `The review by ${row.customer} is ${on ? 'published' : 'unpublished'}`}
        />
      ),
    },
    { key: 'actions', label: 'Actions', align: 'right', render: (row) => remove.button(row, `Delete the review by ${row.customer}`) },
  ];

  const narrowedTo = list.params.product && (
    <Chip
      label={`Product: ${product && String(product.id) === list.params.product ? product.name : `#${list.params.product}`}`}
      onDelete={() => list.update({ product: '' })}
    />
  );

  return (
    <AdminLayout active="/admin/reviews" title="Reviews" session={session}>
      <ListView
        title="Reviews"
        list={list}
        columns={columns}
        filters={[{ name: 'published', label: 'Published', options: YES_NO }]}
        searchLabel="Search reviews"
        emptyText="No reviews yet."
        actions={narrowedTo}
      />
      {remove.dialog}
    </AdminLayout>
  );
}
