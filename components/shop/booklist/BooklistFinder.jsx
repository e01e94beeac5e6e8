// Finding a school's list: the school's name and the class, a plain GET form to /booklists (it
// works without JavaScript); with it, a chosen class opens its lists at once and the typed name
// when the form is sent.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import Search from '../../icons/Search.js';
import useSearchForm from '../search/useSearchForm.js';
import { buttonLook } from '../ButtonLink.jsx';

export function booklistsHref({ q = '', grade = '' }) {
  const params = [];
  if (q.trim()) params.push(`q=${encodeURIComponent(q.trim()).replace(/%20/g, '+')}`);
  if (grade) params.push(`class=${grade}`);
  return `/booklists${params.length ? `?${params.join('&')}` : ''}`;
}

const valuesOf = ({ q, grade }) => ({ q: q || '', grade: grade ? String(grade) : '' });

const Form = styled('form')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 180px auto',
  alignItems: 'end',
  gap: theme.spacing(1.5, 2),
  padding: theme.spacing(2.5),
  borderRadius: 8,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr', padding: theme.spacing(2) },
  '& .field': { display: 'grid', gap: theme.spacing(0.5) },
  '& label': { fontSize: 14, fontWeight: 600 },
  '& input, & select': {
    minHeight: 44,
    padding: theme.spacing(0, 1.5),
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: 6,
    font: 'inherit',
    fontWeight: 400,
    background: theme.palette.background.paper,
    '&:focus': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 0, borderColor: 'transparent' },
  },
  '& button': buttonLook(theme),
}));

export default function BooklistFinder({ results, classes }) {
  const id = useId();
  const { values, change, submit } = useSearchForm(results, { valuesOf, hrefOf: booklistsHref });
  return (
    <Form method="get" action="/booklists" role="search" aria-label="Find a booklist" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-q`}>School</label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          value={values.q}
          maxLength={100}
          placeholder="Your school's name"
          autoComplete="off"
          onChange={(event) => change('q', event.target.value, false)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-class`}>Class</label>
        <select id={`${id}-class`} name="class" value={values.grade} onChange={(event) => change('grade', event.target.value)}>
          <option value="">Every class</option>
          {classes.map((grade) => (
            <option key={grade} value={grade}>
              Class {grade}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">
        <Search />
        Find lists
      </button>
    </Form>
  );
}
