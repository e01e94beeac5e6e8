// The product search box: a real GET form to /product/search?q=..., which the server redirects
// to /product/search/<term>, so it works without JavaScript. With JavaScript it goes straight
// to the search page on the client.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';
import Search from '@mui/icons-material/Search';
import { useRouter } from '../common/router.jsx';
import { searchUrl } from './links.js';

const Form = styled('form')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  height: 44,
  overflow: 'hidden',
  borderRadius: 22,
  border: `1px solid ${theme.palette.grey[300]}`,
  background: theme.palette.background.paper,
  '&:focus-within': { borderColor: theme.palette.primary.main, boxShadow: `0 0 0 1px ${theme.palette.primary.main}` },
  '& label': visuallyHidden,
  '& > svg': { flexShrink: 0, marginInline: theme.spacing(1.75, 1), color: theme.palette.text.secondary, fontSize: 20 },
  '& input': {
    flexGrow: 1,
    minWidth: 0,
    height: '100%',
    padding: 0,
    border: 0,
    outline: 0,
    background: 'transparent',
    font: 'inherit',
    fontSize: 14,
    color: theme.palette.text.primary,
    '&::-webkit-search-cancel-button': { cursor: 'pointer' },
  },
  '& button': {
    flexShrink: 0,
    height: '100%',
    padding: theme.spacing(0, 3),
    border: 0,
    background: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    font: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
    '&:hover': { background: theme.palette.primary.dark },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: -4 },
    [theme.breakpoints.down('sm')]: { padding: theme.spacing(0, 2) },
  },
}));

export default function SearchForm({ defaultValue = '', placeholder = 'Search books, brands and more…' }) {
  const id = useId();
  const { navigate } = useRouter();

  const onSubmit = (event) => {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get('q') || '').trim();
    navigate(term ? searchUrl(term) : '/');
  };

  return (
    <Form method="get" action="/product/search" role="search" onSubmit={onSubmit}>
      <label htmlFor={id}>Search products</label>
      <Search aria-hidden="true" />
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit">Search</button>
    </Form>
  );
}
