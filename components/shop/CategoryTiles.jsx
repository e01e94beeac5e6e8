// Category (or brand) tiles linking to their search page. Two looks: "card" (a picture with
// the title and subtitle below) and "compact" (a small picture beside the name).
import { styled } from '@mui/material/styles';
import { RouterAnchor } from '../common/Link.jsx';

const Tiles = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fill, minmax(var(--tile, 220px), 1fr))',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr 1fr', gap: theme.spacing(1.25) },
  '& a': {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    overflow: 'hidden',
    borderRadius: 8,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
    transition: 'box-shadow 200ms',
    '&:hover': { boxShadow: '0 6px 18px rgba(3, 0, 71, 0.14)' },
    '&:hover .title': { color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& img': { display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover' },
  '& .text': { padding: theme.spacing(1.5, 2) },
  '& .title': { display: 'block', fontWeight: 700, fontSize: 15 },
  '& .subtitle': { display: 'block', fontSize: 13, color: theme.palette.text.secondary },
  '&.compact': {
    '--tile': '200px',
    '& a': { flexDirection: 'row', alignItems: 'center', gap: theme.spacing(1.5), padding: theme.spacing(1) },
    '& img': { width: 56, height: 56, flexShrink: 0, borderRadius: 6, aspectRatio: '1 / 1' },
    '& .text': { padding: 0, minWidth: 0 },
    '& .title': { fontSize: 14, fontWeight: 600 },
  },
}));

/** tiles: [{title, subtitle?, href, imgUrl}] */
export default function CategoryTiles({ tiles, variant = 'card', eager = false }) {
  return (
    <Tiles className={variant === 'compact' ? 'compact' : undefined}>
      {tiles.map((tile) => (
        <li key={tile.href + tile.title}>
          <RouterAnchor href={tile.href}>
            {tile.imgUrl && (
              <img src={tile.imgUrl} alt="" width={400} height={300} loading={eager ? 'eager' : 'lazy'} decoding="async" />
            )}
            <span className="text">
              <span className="title">{tile.title}</span>
              {tile.subtitle && <span className="subtitle">{tile.subtitle}</span>}
            </span>
          </RouterAnchor>
        </li>
      ))}
    </Tiles>
  );
}
