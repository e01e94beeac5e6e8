// Small field helpers the admin forms share: a text field wired to useForm, a select of choices
// (indented by depth for trees) and a labelled switch.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';

export function FormText({ form, name, label, helper, ...rest }) {
  const error = form.errors[name];
  return (
    <TextField
      name={name}
      label={label}
      value={form.values[name] ?? ''}
      onChange={(event) => form.set(name)(event.target.value)}
      error={Boolean(error)}
      helperText={error || helper}
      fullWidth
      {...rest}
    />
  );
}

// choices: [{ value, label, depth? }]; `none` adds an empty choice with that label.
export function FormSelect({ form, name, label, choices, none, helper, ...rest }) {
  return (
    <FormText form={form} name={name} label={label} helper={helper} select {...rest}>
      {none && <MenuItem value="">{none}</MenuItem>}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value} sx={{ pl: 2 + 2 * (choice.depth || 0) }}>
          {choice.label}
        </MenuItem>
      ))}
    </FormText>
  );
}

export function FormSwitch({ form, name, label }) {
  return (
    <FormControlLabel
      control={<Switch name={name} checked={Boolean(form.values[name])} onChange={(event) => form.set(name)(event.target.checked)} />}
      label={label}
    />
  );
}

// Category choices ({ id, name, level }) in tree order, as select choices.
export const categoryChoices = (categories) => categories.map((c) => ({ value: c.id, label: c.name, depth: c.level - 1 }));
