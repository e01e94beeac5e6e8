// /admin/products/new and /admin/products/{id}: the product form; after saving, back to the list
// with a toast. An existing product can also be deleted from here (after SPEC §5's dialog), and its
// offers are listed below the form (the form's price, discount and stock are its listing's).
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import ProductForm from '../admin/forms/ProductForm.jsx';
import ProductOffers from '../admin/products/ProductOffers.jsx';
import useRemove from '../admin/list/useRemove.jsx';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { useRouter } from '../common/router.jsx';
import { notify } from '../common/toast.jsx';

export default function AdminProductForm({ session, product, offers = [], categories = [], brands = [], shops = ['books'] }) {
  const { navigate } = useRouter();
  const backToList = () => navigate('/admin/products');
  const remove = useRemove(
    '/api/products',
    (row) => ({
      name: `“${row.name}”`,
      keyword: row.name,
      message: `“${row.name}” and its reviews will be deleted. This cannot be undone.`,
    }),
    backToList,
  );
  const saved = (record) => {
    notify.success(product ? `Saved “${record.name}”` : `Created “${record.name}”`);
    backToList();
  };

  return (
    <AdminLayout active="/admin/products" title={product ? 'Edit product' : 'New product'} session={session}>
      {product && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {product.published ? (
            <Link href={`/product/${product.id}`} target="_blank" rel="noopener">
              See it in the shop
            </Link>
          ) : (
            'Not published: shoppers cannot see it.'
          )}{' '}
          ·{' '}
          <Link component={RouterAnchor} href={`/admin/reviews?product=${product.id}`}>
            Its reviews
          </Link>
        </Typography>
      )}
      <ProductForm
        key={product?.id ?? 'new'}
        product={product}
        categories={categories}
        brands={brands}
        shops={shops}
        otherOffers={offers.length > 1}
        onSaved={saved}
        extraActions={
          product && (
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => remove.ask(product)} sx={{ ml: { sm: 'auto' } }}>
              Delete product
            </Button>
          )
        }
      />
      {product && (
        <Stack sx={{ mt: 3 }}>
          <ProductOffers offers={offers} />
        </Stack>
      )}
      {remove.dialog}
    </AdminLayout>
  );
}
