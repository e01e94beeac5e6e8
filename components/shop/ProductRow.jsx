// Products in one horizontally scrollable row with previous/next buttons. Without JavaScript,
// or on a phone, the row still scrolls by swiping; the buttons page it on a wide screen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { sharedStyled } from '../common/sharedStyles.js';
import ChevronLeft from '../icons/ChevronLeft.js';
import ChevronRight from '../icons/ChevronRight.js';
import IconAction from './IconAction.jsx';
import ProductCard from './ProductCard.jsx';

const GAP = 16;

const Row = sharedStyled('div', (theme) => ({
  position: 'relative',
  '& ul': {
    listStyle: 'none',
    margin: 0,
    padding: '4px 2px 8px',
    display: 'grid',
    gridAutoFlow: 'column',
    gap: GAP,
    // A phone shows two cards and a peek of the third, so it is clear the row goes on.
    gridAutoColumns: '44%',
    overflowX: 'auto',
    overscrollBehaviorX: 'contain',
    scrollSnapType: 'x mandatory',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
    [theme.breakpoints.up('sm')]: { gridAutoColumns: `calc((100% - ${2 * GAP}px) / 3)` },
    [theme.breakpoints.up('md')]: { gridAutoColumns: `calc((100% - ${3 * GAP}px) / 4)` },
    [theme.breakpoints.up('lg')]: {
      gridAutoColumns: `calc((100% - (var(--visible) - 1) * ${GAP}px) / var(--visible))`,
    },
  },
  '& li': { scrollSnapAlign: 'start' },
  '& > button': {
    position: 'absolute',
    top: '38%',
    zIndex: 2,
    boxShadow: '0 2px 8px rgba(3, 0, 71, 0.15)',
    [theme.breakpoints.down('sm')]: { display: 'none' },
    // Arrows point the way the row moves, also when the page reads right to left.
    '& svg': theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {},
  },
  '& > .prev': { insetInlineStart: -14 },
  '& > .next': { insetInlineEnd: -14 },
  '& > button:disabled': { display: 'none' },
}));

/** `label` names the row for the buttons ("Previous new arrivals"). */
export default function ProductRow({ products, label, visible = 5, eager = 0 }) {
  const track = useRef(null);
  const theme = useTheme();
  const [edges, setEdges] = useState({ start: true, end: products.length <= visible });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const scrolled = Math.abs(el.scrollLeft); // negative when right to left
    const start = scrolled < 4;
    const end = scrolled + el.clientWidth >= el.scrollWidth - 4;
    // Scrolling fires often: re-render only when an edge is reached or left.
    setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const page = (direction) => {
    const el = track.current;
    const sign = theme.direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: direction * sign * el.clientWidth, behavior: 'smooth' });
  };

  return (
    <Row style={{ '--visible': visible }}>
      <IconAction type="button" className="prev" aria-label={`Previous ${label}`} disabled={edges.start} onClick={() => page(-1)}>
        <ChevronLeft />
      </IconAction>
      <ul ref={track} onScroll={measure} aria-label={label}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} eager={index < eager} />
          </li>
        ))}
      </ul>
      <IconAction type="button" className="next" aria-label={`Next ${label}`} disabled={edges.end} onClick={() => page(1)}>
        <ChevronRight />
      </IconAction>
    </Row>
  );
}
