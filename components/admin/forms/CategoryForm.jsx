// Create or edit a category: name, parent (its level follows the tree), featured, banner image.
// A category cannot go under itself or its own subcategories, so those are not offered.
import { FormSelect, FormSwitch, FormText, categoryChoices } from './fields.jsx';
import FormDialog from './FormDialog.jsx';
import ImageUpload from './ImageUpload.jsx';
import { categoryErrors } from './rules.js';
import useForm from './useForm.js';

// The category and everything below it, from the tree-ordered choices.
function subtree(categories, id) {
  const start = categories.findIndex((c) => c.id === id);
  if (start < 0) return new Set();
  const ids = new Set([id]);
  for (let i = start + 1; i < categories.length && categories[i].level > categories[start].level; i += 1) ids.add(categories[i].id);
  return ids;
}

const initialValues = (category) => ({
  name: category?.name || '',
  parentId: category?.parentId ?? '',
  featured: Boolean(category?.featured),
  banner: category?.banner ? [{ path: category.banner, url: category.bannerUrl }] : [],
});

const requestBody = (values) => ({
  name: values.name.trim(),
  parentId: values.parentId === '' ? null : Number(values.parentId),
  featured: values.featured,
  banner: values.banner[0]?.path ?? null,
});

export default function CategoryForm({ category, categories, onClose, onSaved }) {
  const form = useForm(initialValues(category), categoryErrors);
  const excluded = category ? subtree(categories, category.id) : new Set();
  const parents = categoryChoices(categories.filter((c) => !excluded.has(c.id)));
  const parent = categories.find((c) => c.id === Number(form.values.parentId));

  const save = async (event) => {
    event.preventDefault();
    const saved = category
      ? await form.submit('PATCH', `/api/category/${category.id}`, requestBody)
      : await form.submit('POST', '/api/category', requestBody);
    if (saved) onSaved(saved);
  };

  return (
    <FormDialog open title={category ? `Edit “${category.name}”` : 'New category'} busy={form.busy} onClose={onClose} onSubmit={save}>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an opened dialog focuses its first field (WAI-ARIA dialog pattern) */}
      <FormText form={form} name="name" label="Name" required autoFocus />
      <FormSelect
        form={form}
        name="parentId"
        label="Parent"
        none="None (a top category)"
        choices={parents}
        helper={`Level ${parent ? parent.level + 1 : 1}: the level follows the parent`}
      />
      <FormSwitch form={form} name="featured" label="Featured" />
      <ImageUpload label="Banner" value={form.values.banner} onChange={form.set('banner')} error={form.errors.banner} />
    </FormDialog>
  );
}
