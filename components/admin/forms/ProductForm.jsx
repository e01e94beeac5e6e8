// Create or edit a product: name, shop, category, brand, price, discount, stock, description,
// published, featured and up to three images; a product of the books shop is a book too, with its
// book details (BookFields). Checked here first (rules.js), then by the server.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import BookFields, { bookIsBlank, bookRequest, bookValues } from './BookFields.jsx';
import { FormSelect, FormSwitch, FormText, categoryChoices } from './fields.jsx';
import ImageUpload from './ImageUpload.jsx';
import { MAX_IMAGES, bookErrors, productErrors } from './rules.js';
import useForm from './useForm.js';

const BOOKS = 'books';
const SHOP_LABELS = {
  books: 'Student Books',
  market: 'Market',
  grocery: 'Grocery',
  fashion: 'Fashion',
  gadget: 'Gadget store',
  furniture: 'Furniture',
  healthbeauty: 'Health & beauty',
  gift: 'Gift shop',
};

function initialValues(product) {
  if (!product) {
    return {
      name: '',
      shop: BOOKS,
      categoryId: '',
      brandId: '',
      price: '',
      discount: '0',
      stock: '0',
      description: '',
      published: true,
      featured: false,
      images: [],
      ...bookValues(null),
    };
  }
  const { book, ...rest } = product;
  return {
    ...rest,
    ...bookValues(book),
    brandId: product.brandId ?? '',
    price: Number(product.price).toFixed(2),
    discount: String(product.discount),
    stock: String(product.stock),
    images: product.images.map((path, i) => ({ path, url: product.imageUrls[i] })),
  };
}

// A product of the books shop sends its book details, checked in full, once it has a book record
// or any detail is typed in (a product without one may be saved as it is).
const sendsBook = (values, hadBook) => values.shop === BOOKS && (hadBook || !bookIsBlank(values));

const checks = (values, hadBook) => ({ ...productErrors(values), ...(sendsBook(values, hadBook) ? bookErrors(values) : {}) });

// What the server takes: numbers as numbers, the price as exact text, images as media paths, and
// the book details. A product moved out of the books shop is no longer a book: `book: null`
// removes its book record, so its ISBN is free again and no shop lists it as a book.
function requestBody(values, hadBook) {
  const moved = hadBook && values.shop !== BOOKS;
  const book = sendsBook(values, hadBook) ? { book: bookRequest(values) } : moved ? { book: null } : {};
  return {
    name: values.name.trim(),
    shop: values.shop,
    categoryId: Number(values.categoryId),
    brandId: values.brandId === '' ? null : Number(values.brandId),
    price: String(values.price).trim(),
    discount: Number(values.discount),
    stock: Number(values.stock),
    description: values.description.trim(),
    published: values.published,
    featured: values.featured,
    images: values.images.map((image) => image.path),
    ...book,
  };
}

// `otherOffers`: the product has offers besides its listing, so its price, discount and stock are
// named as the listing's (the others are their sellers' to set).
export default function ProductForm({ product, categories, brands, shops, onSaved, extraActions, otherOffers = false }) {
  const listing = (label) => (otherOffers ? `Listing ${label.toLowerCase()}` : label);
  const hadBook = Boolean(product?.book);
  const form = useForm(initialValues(product), (values) => checks(values, hadBook));
  const body = (values) => requestBody(values, hadBook);

  const save = async (event) => {
    event.preventDefault();
    const saved = product
      ? await form.submit('PATCH', `/api/products/${product.id}`, body)
      : await form.submit('POST', '/api/products', body);
    if (saved) onSaved(saved);
  };

  return (
    <form onSubmit={save} noValidate aria-label={product ? 'Edit product' : 'New product'}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2.5}>
                {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a new product: focus starts in the blank form's first field */}
                <FormText form={form} name="name" label="Name" required autoFocus={!product} />
                <FormText form={form} name="description" label="Description" multiline minRows={5} />
                <ImageUpload
                  label="Images"
                  max={MAX_IMAGES}
                  value={form.values.images}
                  onChange={form.set('images')}
                  error={form.errors.images}
                />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2.5}>
                <FormSelect form={form} name="shop" label="Shop" choices={shops.map((s) => ({ value: s, label: SHOP_LABELS[s] || s }))} />
                {hadBook && form.values.shop !== BOOKS && (
                  <Alert severity="warning">Saving removes its book details (ISBN, authors, level): only the books shop sells books.</Alert>
                )}
                <FormSelect form={form} name="categoryId" label="Category" required choices={categoryChoices(categories)} />
                <FormSelect
                  form={form}
                  name="brandId"
                  label="Brand"
                  none="No brand"
                  choices={brands.map((b) => ({ value: b.id, label: b.name }))}
                />
                <FormText
                  form={form}
                  name="price"
                  label={listing('Price')}
                  helper={otherOffers ? 'Price, discount and stock of this product’s own listing; other offers are below' : undefined}
                  required
                  slotProps={{
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                    htmlInput: { inputMode: 'decimal' },
                  }}
                />
                <Stack direction="row" spacing={2}>
                  <FormText
                    form={form}
                    name="discount"
                    label={listing('Discount')}
                    slotProps={{
                      input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                      htmlInput: { inputMode: 'numeric' },
                    }}
                  />
                  <FormText form={form} name="stock" label={listing('Stock')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
                </Stack>
                <Stack>
                  <FormSwitch form={form} name="published" label="Published" />
                  <FormSwitch form={form} name="featured" label="Featured" />
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        {form.values.shop === BOOKS && (
          <Grid size={12}>
            <BookFields form={form} optional={!hadBook} />
          </Grid>
        )}
      </Grid>
      <Stack direction="row" useFlexGap sx={{ mt: 2, gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {product ? 'Save changes' : 'Create product'}
        </Button>
        <Button component={RouterAnchor} href="/admin/products">
          Cancel
        </Button>
        {extraActions}
      </Stack>
    </form>
  );
}
