// "Sort by": a native select that belongs to the filter form (the `form` attribute), so the
// form's GET request carries it. With JavaScript a new choice opens the sorted results at once;
// without it, the "Sort" button beside it (only in <noscript>) submits the form.
import { useId } from 'react';
import { styled } from '@mui/material/styles';
import { SORT_OPTIONS } from './searchHref.js';

const Wrapper = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  '& label': { fontSize: 14, color: theme.palette.text.secondary, whiteSpace: 'nowrap' },
  '& select': {
    height: 40,
    minWidth: 0,
    padding: theme.spacing(0, 1),
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: 6,
    font: 'inherit',
    fontSize: 14,
    color: theme.palette.text.primary,
    background: theme.palette.background.paper,
    cursor: 'pointer',
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -1 },
  },
  '& button': {
    height: 40,
    padding: theme.spacing(0, 1.5),
    border: `1px solid ${theme.palette.primary.main}`,
    borderRadius: 6,
    font: 'inherit',
    fontWeight: 600,
    color: theme.palette.primary.main,
    background: 'transparent',
    cursor: 'pointer',
  },
}));

/** `options`: [{value, label}], the search page's by default. */
export default function SortSelect({ formId, value, change, options = SORT_OPTIONS }) {
  const id = useId();
  return (
    <Wrapper>
      <label htmlFor={id}>Sort by</label>
      <select id={id} name="sort" form={formId} value={value} onChange={(event) => change('sort', event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={formId}>
          Sort
        </button>
      </noscript>
    </Wrapper>
  );
}
