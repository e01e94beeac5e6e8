// A results page's filters beside its results: lists of choices (with counts), a price range and
// whatever else the page adds, as a real GET form with an "Apply" button. On a wide screen the
// panel is always open; on a phone and tablet it folds away behind a "Filters" button (a
// <details>, so it opens without JavaScript). The search page and the book pages share it.
import { styled } from '@mui/material/styles';
import Tune from '../../icons/Tune.js';
import ExpandMore from '../../icons/ExpandMore.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import VisuallyHidden from '../VisuallyHidden.jsx';
import { buttonLook } from '../ButtonLink.jsx';

const Panel = styled('details')(({ theme }) => ({
  alignSelf: 'start',
  borderRadius: 8,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& > summary': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    minHeight: 44,
    padding: theme.spacing(0, 2),
    fontWeight: 600,
    cursor: 'pointer',
    listStyle: 'none',
    '&::-webkit-details-marker': { display: 'none' },
    '& .more': { marginInlineStart: 'auto', transition: 'transform 150ms' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2, borderRadius: 8 },
  },
  '&[open] > summary .more': { transform: 'rotate(180deg)' },
  '& .badge': {
    minWidth: 20,
    height: 20,
    padding: '0 6px',
    borderRadius: 10,
    fontSize: 12,
    lineHeight: '20px',
    textAlign: 'center',
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
  },
  '& form': { padding: theme.spacing(0, 2, 2) },
  '& fieldset': {
    margin: 0,
    padding: theme.spacing(2, 0),
    border: 0,
    borderTop: `1px solid ${theme.palette.grey[200]}`,
    minWidth: 0,
  },
  '& legend': { float: 'left', width: '100%', marginBottom: theme.spacing(1), padding: 0, fontSize: 15, fontWeight: 700 },
  '& fieldset > :not(legend)': { clear: 'both' },
  '& ul': { listStyle: 'none', margin: 0, padding: 0 },
  '& .choice': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    minHeight: 36,
    fontSize: 14,
    cursor: 'pointer',
    '& input': { width: 18, height: 18, margin: 0, flexShrink: 0, accentColor: theme.palette.primary.main },
    '& .name': { flexGrow: 1, minWidth: 0 },
    '& .count': { fontSize: 13, color: theme.palette.text.secondary },
    '& svg': { fontSize: 16, color: '#F5A300', verticalAlign: -2 },
  },
  // A choice that is a link (a price range sets two parameters, which one radio button cannot):
  // drawn like the radio buttons beside it, the chosen one filled.
  '& a.choice': {
    color: 'inherit',
    textDecoration: 'none',
    '&::before': {
      content: '""',
      boxSizing: 'border-box',
      width: 16,
      height: 16,
      margin: 1,
      flexShrink: 0,
      borderRadius: '50%',
      border: `2px solid ${theme.palette.grey[600]}`,
    },
    '&[aria-current="true"]::before': {
      borderColor: theme.palette.primary.main,
      boxShadow: `inset 0 0 0 3px ${theme.palette.background.paper}`,
      background: theme.palette.primary.main,
    },
    '&:hover .name': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& ul + .range': { marginTop: theme.spacing(1) },
  '& .range': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: theme.spacing(1.5) },
  '& .range label': { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 4, fontSize: 13, color: theme.palette.text.secondary },
  '& .range input': {
    boxSizing: 'border-box',
    width: '100%',
    height: 40,
    padding: theme.spacing(0, 1.25),
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: 6,
    font: 'inherit',
    fontSize: 14,
    color: theme.palette.text.primary,
    background: theme.palette.background.paper,
    '&:focus': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -1, borderColor: 'transparent' },
  },
  '& .actions': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: theme.spacing(2),
    paddingTop: theme.spacing(2),
    borderTop: `1px solid ${theme.palette.grey[200]}`,
  },
  '& button[type="submit"]': { ...buttonLook(theme), minHeight: 40, padding: theme.spacing(0, 2.5), fontSize: 14 },
  '& .clear': { fontSize: 14, fontWeight: 600, color: theme.palette.primary.main },
  // A wide screen shows the panel open, without its button. Only where the browser can style
  // the <details> content; elsewhere the button stays and the panel opens as on a phone.
  [theme.breakpoints.up('md')]: {
    '@supports selector(::details-content)': {
      '& > summary': { display: 'none' },
      '&::details-content': { contentVisibility: 'visible', display: 'block', height: 'auto' },
      '& form': { paddingTop: theme.spacing(0.5) },
      '& fieldset:first-of-type': { borderTop: 0 },
    },
  },
}));

export function Choice({ name, value, checked, onChange, children, count }) {
  return (
    <label className="choice">
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onChange(name, value)} />
      <span className="name">{children}</span>
      {count !== undefined && <span className="count">{count}</span>}
    </label>
  );
}

/** One list of choices: `all` is the label of the choice that clears it; options: [{value, label, count}]. */
function ChoiceList({ name, legend, all, options, values, change }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <ul>
        <li>
          <Choice name={name} value="" checked={!values[name]} onChange={change}>
            {all}
          </Choice>
        </li>
        {options.map((option) => (
          <li key={option.value}>
            <Choice name={name} value={option.value} checked={values[name] === option.value} onChange={change} count={option.count}>
              {option.label}
            </Choice>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * `action`: the page's own address (the form's GET target); `lists`: [{name, legend, all, options}]
 * before the price range; `prices`: choices shown above the price inputs; `children`: fieldsets
 * after it; `active`: how many filters are set; `clearHref`: the page without its filters.
 */
export default function FilterPanel({ formId, action, lists, values, change, submit, active, clearHref, prices, children }) {
  const typed = (name) => (event) => change(name, event.target.value, false);
  return (
    <Panel className="filters">
      <summary>
        <Tune />
        Filters
        {active > 0 && (
          <span className="badge">
            {active}
            <VisuallyHidden> active</VisuallyHidden>
          </span>
        )}
        <ExpandMore className="more" />
      </summary>
      <form id={formId} method="get" action={action} onSubmit={submit} aria-label="Filter results">
        {lists.map((list) => (
          <ChoiceList key={list.name} {...list} values={values} change={change} />
        ))}
        <fieldset>
          <legend>Price</legend>
          {prices}
          <div className="range">
            <label>
              Min ($)
              <input
                type="number"
                name="min_price"
                min="0"
                step="0.01"
                inputMode="decimal"
                placeholder="0"
                value={values.min_price}
                onChange={typed('min_price')}
              />
            </label>
            <label>
              Max ($)
              <input
                type="number"
                name="max_price"
                min="0"
                step="0.01"
                inputMode="decimal"
                placeholder="Any"
                value={values.max_price}
                onChange={typed('max_price')}
              />
            </label>
          </div>
        </fieldset>
        {children}
        <div className="actions">
          <button type="submit">Apply filters</button>
          {active > 0 && (
            <RouterAnchor className="clear" href={clearHref}>
              Clear all
            </RouterAnchor>
          )}
        </div>
      </form>
    </Panel>
  );
}
