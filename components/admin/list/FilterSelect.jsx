// One filter of a list: a small select whose empty choice is "All".
// options: [{ value, label, depth? }] (depth indents a tree, e.g. categories).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export default function FilterSelect({ name, label, options, value, onChange }) {
  return (
    <TextField
      select
      size="small"
      name={name}
      label={label}
      value={value || ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 0, flex: { xs: '1 1 calc(50% - 12px)', sm: '0 1 200px' } }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)} sx={{ pl: 2 + 2 * (option.depth || 0) }}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
