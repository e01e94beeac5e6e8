// /admin/booklists/new and /admin/booklists/{id}: the booklist form; after saving, back to the
// list with a toast. An existing list can also be deleted from here (after SPEC §5's dialog).
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import { booklistName } from '../admin/forms/booklist.js';
import BooklistForm from '../admin/forms/BooklistForm.jsx';
import useRemove from '../admin/list/useRemove.jsx';
import { useRouter } from '../common/router.jsx';
import { notify } from '../common/toast.jsx';

export default function AdminBooklistForm({ session, booklist, classes = [], limits = { items: 60, quantity: 99 } }) {
  const { navigate } = useRouter();
  const backToList = () => navigate('/admin/booklists');
  const remove = useRemove(
    '/api/booklists',
    (row) => ({
      name: `the booklist “${booklistName(row)}”`,
      message: `The booklist “${booklistName(row)}” will be deleted; its books stay in the shop.`,
    }),
    backToList,
  );
  const saved = (record) => {
    notify.success(booklist ? `Saved “${booklistName(record)}”` : `Created “${booklistName(record)}”`);
    backToList();
  };

  return (
    <AdminLayout active="/admin/booklists" title={booklist ? 'Edit booklist' : 'New booklist'} session={session}>
      {booklist && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {booklist.published ? (
            <Link href={`/booklists/${booklist.slug}`} target="_blank" rel="noopener">
              See it in the shop
            </Link>
          ) : (
            'Not published: shoppers cannot see it.'
          )}
        </Typography>
      )}
      <BooklistForm
        key={booklist?.id ?? 'new'}
        booklist={booklist}
        classes={classes}
        limits={limits}
        onSaved={saved}
        extraActions={
          booklist && (
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => remove.ask(booklist)} sx={{ ml: { sm: 'auto' } }}>
              Delete booklist
            </Button>
          )
        }
      />
      {remove.dialog}
    </AdminLayout>
  );
}
