// The level pages as links with how many books each holds: Class 1 to Class 12, College books and
// Story books. Two looks: "tiles" (the home page's "Shop by class": a grid, a class a tile) and
// "chips" (the level pages' switcher: a row that scrolls sideways on a phone, the page's own
// level marked as current). One styled list with child selectors: no per-link styled element.
import { useEffect, useRef } from 'react';
import { sharedStyled } from '../../common/sharedStyles.js';
import visuallyHidden from '@mui/utils/visuallyHidden';
import RouterAnchor from '../../common/RouterAnchor.jsx';

const List = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& a': {
    display: 'flex',
    color: theme.palette.text.primary,
    textDecoration: 'none',
    background: theme.palette.background.paper,
    '&:hover': { color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& .count': { fontSize: 13, fontWeight: 400, color: theme.palette.text.secondary },
  '& .hidden': visuallyHidden,
  '&.tiles': {
    display: 'grid',
    gap: theme.spacing(1.5),
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    [theme.breakpoints.down('sm')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: theme.spacing(1) },
    // College and story books: two wide tiles sharing the last row.
    '& .wide': { gridColumn: 'span 3', [theme.breakpoints.down('sm')]: { gridColumn: 'span 2' } },
    '& a': {
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      height: '100%',
      minHeight: 72,
      padding: theme.spacing(1),
      borderRadius: 8,
      boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
      fontSize: 16,
      fontWeight: 700,
      textAlign: 'center',
      transition: 'box-shadow 200ms',
      '&:hover': { boxShadow: '0 6px 18px rgba(3, 0, 71, 0.14)' },
      [theme.breakpoints.down('sm')]: { minHeight: 60, fontSize: 14 },
    },
  },
  '&.chips': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(1),
    marginBottom: theme.spacing(2.5),
    // A phone keeps the row to one line that scrolls, so the books stay near the top.
    // (Positioned, so the screen-reader words, absolutely placed, scroll with it rather than widen the page.)
    [theme.breakpoints.down('sm')]: {
      position: 'relative',
      flexWrap: 'nowrap',
      overflowX: 'auto',
      paddingBottom: theme.spacing(0.5),
      marginBottom: theme.spacing(1.5),
    },
    '& li': { flexShrink: 0 },
    '& a': {
      alignItems: 'baseline',
      gap: 6,
      minHeight: 36,
      padding: theme.spacing(0.75, 1.75),
      borderRadius: 18,
      border: `1px solid ${theme.palette.grey[300]}`,
      fontSize: 14,
      fontWeight: 600,
      whiteSpace: 'nowrap',
      '&:hover': { borderColor: theme.palette.primary.main },
      '&[aria-current="page"]': {
        borderColor: theme.palette.primary.main,
        background: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
        '& .count': { color: 'inherit' },
      },
    },
  },
}));

const word = (n) => (n === 1 ? ' book' : ' books');

/** levels: [{label, url, count}]; `current`: the address of the page showing them, if one of them. */
export function LevelLinks({ levels, variant = 'tiles', current }) {
  const list = useRef(null);
  useEffect(() => {
    // On a phone the chips scroll sideways: bring the page's own level into view.
    const chip = list.current?.querySelector('[aria-current="page"]');
    if (chip && list.current.scrollWidth > list.current.clientWidth) {
      list.current.scrollLeft = chip.offsetLeft - (list.current.clientWidth - chip.offsetWidth) / 2;
    }
  }, [current]);
  // A chip shows the bare count; a screen reader hears "5 books" on both.
  const counted = (n) =>
    variant === 'chips' ? (
      <>
        {n}
        <span className="hidden">{word(n)}</span>
      </>
    ) : (
      `${n}${word(n)}`
    );
  return (
    <List ref={list} className={variant}>
      {levels.map((level) => (
        <li key={level.url} className={level.url.startsWith('/books/class-') ? undefined : 'wide'}>
          <RouterAnchor href={level.url} aria-current={level.url === current ? 'page' : undefined}>
            {level.label}
            <span className="count">{counted(level.count)}</span>
          </RouterAnchor>
        </li>
      ))}
    </List>
  );
}

export default LevelLinks;
