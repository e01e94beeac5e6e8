// Names as chips that link somewhere: brand and shop names go to a search for the name.
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { searchUrl } from './links.js';

const Chips = sharedStyled('div', (theme) => ({
  '& h3': { margin: theme.spacing(0, 0, 1), fontSize: 15, fontWeight: 700 },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) },
  '& a': {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: 32,
    padding: theme.spacing(0.5, 1.75),
    borderRadius: 16,
    border: `1px solid ${theme.palette.grey[300]}`,
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
    fontSize: 13,
    fontWeight: 600,
    textDecoration: 'none',
    transition: 'border-color 150ms, color 150ms',
    '&:hover': { borderColor: theme.palette.primary.main, color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
}));

/** links: [{label, href}], under an optional h3 title. */
export function ChipLinks({ title, links }) {
  return (
    <Chips>
      {title && <h3>{title}</h3>}
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <RouterAnchor href={link.href}>{link.label}</RouterAnchor>
          </li>
        ))}
      </ul>
    </Chips>
  );
}

/** names: plain strings (brand or shop names), each a link to its search. */
export default function BrandList({ title, names }) {
  return <ChipLinks title={title} links={names.map((name) => ({ label: name, href: searchUrl(name) }))} />;
}
