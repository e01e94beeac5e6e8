// A shop's navigation groups as nested lists: each item is a real link to its category's page;
// an item with children has a button beside it that shows or hides them (aria-expanded,
// aria-controls). Children are in the server markup (hidden), so crawlers and the browser's
// find-in-page know them; without JavaScript the parent's link leads to the same goods.
import { useId, useState } from 'react';
import { sharedStyled } from '../../common/sharedStyles.js';
import ExpandMore from '../../icons/ExpandMore.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import { NavigationIcon } from '../../common/icons.jsx';

const Groups = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(2),
  '& .label': {
    margin: theme.spacing(0, 0, 0.5),
    padding: theme.spacing(0, 1.5),
    fontSize: 12,
    fontWeight: 700,
    letterSpacing: '0.06em',
    textTransform: 'uppercase',
    color: theme.palette.text.secondary,
  },
  '& ul': { listStyle: 'none', margin: 0, padding: 0 },
  // Children hang under their parent on a thin guide line.
  '& ul ul': {
    marginInlineStart: theme.spacing(3.25),
    paddingInlineStart: theme.spacing(1),
    borderInlineStart: `1px solid ${theme.palette.grey[300]}`,
  },
  '& .row': { display: 'flex', alignItems: 'center', borderRadius: 6 },
  '& .row:hover': { background: theme.palette.grey[100] },
  '& a': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.25),
    flexGrow: 1,
    minWidth: 0,
    minHeight: 40,
    padding: theme.spacing(0.5, 1.5),
    borderRadius: 6,
    fontSize: 14,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    '&:hover': { color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '& svg': { fontSize: 20, color: theme.palette.text.secondary },
  },
  '& ul ul a': { minHeight: 36, fontSize: 13.5 },
  '& .toggle': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 36,
    height: 36,
    padding: 0,
    border: 0,
    borderRadius: 6,
    background: 'transparent',
    color: theme.palette.text.secondary,
    cursor: 'pointer',
    '&:hover': { color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '& svg': { fontSize: 22, transition: 'transform 150ms' },
    '&[aria-expanded="true"] svg': { transform: 'rotate(180deg)' },
  },
}));

function Item({ item, onNavigate }) {
  const [open, setOpen] = useState(false);
  const childrenId = useId();
  const children = item.child || [];
  return (
    <li>
      <div className="row">
        <RouterAnchor href={item.href} onClick={onNavigate}>
          {item.icon && <NavigationIcon name={item.icon} />}
          {item.title}
        </RouterAnchor>
        {children.length > 0 && (
          <button
            type="button"
            className="toggle"
            aria-expanded={open}
            aria-controls={childrenId}
            aria-label={`${item.title}: more categories`}
            onClick={() => setOpen((was) => !was)}
          >
            <ExpandMore />
          </button>
        )}
      </div>
      {children.length > 0 && (
        <ul id={childrenId} hidden={!open}>
          {children.map((child) => (
            <Item key={child.href + child.title} item={child} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Group({ group, onNavigate }) {
  const labelId = useId();
  return (
    <div>
      <p className="label" id={labelId}>
        {group.category}
      </p>
      <ul aria-labelledby={labelId}>
        {group.categoryItem.map((item) => (
          <Item key={item.href + item.title} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
    </div>
  );
}

/** groups: [{category, categoryItem: [{icon, title, href, child?}]}]; onNavigate: called when a link is followed. */
export default function NavigationTree({ groups, onNavigate }) {
  return (
    <Groups>
      {groups.map((group) => (
        <Group key={group.category} group={group} onNavigate={onNavigate} />
      ))}
    </Groups>
  );
}
