// The grocery navigation as a category bar under the header: each top item a link with its
// icon; an item's children (and theirs) drop down below it when it is pointed at or when the
// keyboard focus is inside it, and Escape hides them again (WCAG 1.4.13). Closed, the children
// are only visually hidden, so Tab walks through them (each shows its list as it gets focus)
// and screen readers read the whole tree.
// On a phone the bar is one row of chips that scrolls sideways; the children are reached from
// each category's page.
import { useState } from 'react';
import { sharedStyled } from '../../common/sharedStyles.js';
import visuallyHidden from '@mui/utils/visuallyHidden';
import ExpandMore from '../../icons/ExpandMore.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import { NavigationIcon } from '../../common/icons.jsx';

const Bar = sharedStyled('nav', (theme) => ({
  marginBottom: theme.spacing(3),
  borderRadius: 10,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& .items': {
    listStyle: 'none',
    margin: 0,
    padding: theme.spacing(0.75, 1),
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: theme.spacing(0.5),
  },
  '& .items > li': { position: 'relative' },
  '& .items > li > a': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(0.75),
    minHeight: 44,
    padding: theme.spacing(0, 1.5),
    borderRadius: 8,
    fontSize: 14,
    fontWeight: 600,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    '& svg': { fontSize: 20, color: theme.palette.success.main },
    '& .more': { fontSize: 18, color: theme.palette.text.secondary, marginInlineStart: -2 },
  },
  '& .items > li:not(.dismissed):hover > a, & .items > li:not(.dismissed):focus-within > a': {
    background: theme.palette.grey[100],
    color: theme.palette.primary.main,
  },
  '& a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '& .menu': {
    ...visuallyHidden,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  '& .items > li:not(.dismissed):hover > .menu, & .items > li:not(.dismissed):focus-within > .menu': {
    clip: 'auto',
    clipPath: 'none',
    width: 'auto',
    height: 'auto',
    overflow: 'visible',
    whiteSpace: 'normal',
    position: 'absolute',
    top: '100%',
    insetInlineStart: 0,
    zIndex: 4,
    minWidth: 200,
    padding: theme.spacing(1),
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 8px 24px rgba(3, 0, 71, 0.16)',
  },
  '& .menu a': {
    display: 'block',
    padding: theme.spacing(1, 1.5),
    borderRadius: 6,
    fontSize: 14,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    '&:hover': { background: theme.palette.grey[100], color: theme.palette.primary.main },
  },
  // Grandchildren stay listed under their parent, indented.
  '& .menu .menu, & .items > li:hover .menu .menu, & .items > li:focus-within .menu .menu': {
    position: 'static',
    clip: 'auto',
    clipPath: 'none',
    width: 'auto',
    height: 'auto',
    overflow: 'visible',
    minWidth: 0,
    padding: theme.spacing(0, 0, 0, 1.5),
    boxShadow: 'none',
    '& a': { fontSize: 13, color: theme.palette.text.secondary },
  },
  [theme.breakpoints.down('md')]: {
    marginBottom: theme.spacing(2),
    '& .items': {
      flexWrap: 'nowrap',
      justifyContent: 'flex-start',
      overflowX: 'auto',
      scrollbarWidth: 'none',
      '&::-webkit-scrollbar': { display: 'none' },
    },
    '& .items > li > a .more': { display: 'none' },
    '& .items .menu, & .items > li:hover > .menu, & .items > li:focus-within > .menu': { display: 'none' },
  },
}));

function Children({ items }) {
  return (
    <ul className="menu">
      {items.map((item) => (
        <li key={item.href}>
          <RouterAnchor href={item.href}>{item.title}</RouterAnchor>
          {item.child?.length > 0 && <Children items={item.child} />}
        </li>
      ))}
    </ul>
  );
}

// A top item; Escape inside it hides its children until the pointer or the focus leaves it.
function TopItem({ item }) {
  const [dismissed, setDismissed] = useState(false);
  const children = item.child || [];
  const onKeyDown = (event) => {
    if (event.key !== 'Escape' || children.length === 0) return;
    setDismissed(true);
    event.currentTarget.querySelector('a').focus();
  };
  const onBlur = (event) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setDismissed(false);
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and blur bubbled up from the links inside
    <li className={dismissed ? 'dismissed' : undefined} onKeyDown={onKeyDown} onBlur={onBlur} onMouseLeave={() => setDismissed(false)}>
      <RouterAnchor href={item.href}>
        <NavigationIcon name={item.icon} />
        {item.title}
        {children.length > 0 && <ExpandMore className="more" />}
      </RouterAnchor>
      {children.length > 0 && <Children items={children} />}
    </li>
  );
}

/** groups: [{category, categoryItem: [{icon, title, href, child?}]}] as /api/grocery-navigation answers. */
export default function CategoryBar({ groups, label = 'Grocery categories' }) {
  return (
    <Bar aria-label={label}>
      {groups.map((group) => (
        <ul key={group.category} className="items" aria-label={group.category}>
          {group.categoryItem.map((item) => (
            <TopItem key={item.href} item={item} />
          ))}
        </ul>
      ))}
    </Bar>
  );
}
