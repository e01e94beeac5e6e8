// Category (or brand) tiles linking to their search page. Three looks: "card" (a picture with
// the title and subtitle below), "compact" (a small picture beside the name) and "logo" (a
// brand's logo alone).
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';

const Tiles = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fit, minmax(var(--tile, 180px), 1fr))',
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
  // Category pictures (400 × 300) print the name at the bottom; the tile prints its own text,
  // so it shows the top of the picture only.
  '& img': { display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', objectPosition: 'top' },
  '& .text': { padding: theme.spacing(1.5, 2) },
  '& .title': { display: 'block', fontWeight: 700, fontSize: 15 },
  '& .subtitle': { display: 'block', fontSize: 13, color: theme.palette.text.secondary },
  '&.compact': {
    '--tile': '200px',
    '& a': { flexDirection: 'row', alignItems: 'center', gap: theme.spacing(1.5), padding: theme.spacing(1) },
    '& img': { width: 56, height: 56, flexShrink: 0, borderRadius: 6, aspectRatio: '1 / 1', objectPosition: '50% 30%' },
    '& .text': { padding: 0, minWidth: 0 },
    '& .title': { fontSize: 14, fontWeight: 600 },
  },
  // Brand logos (200 × 100) carry the brand's name themselves.
  '&.logo': {
    '--tile': '150px',
    '& a': { padding: theme.spacing(1.5) },
    '& img': { aspectRatio: '2 / 1', objectFit: 'contain' },
  },
}));

const PICTURE_SIZE = { card: [400, 300], compact: [400, 300], logo: [200, 100] };

/** tiles: [{title, subtitle?, url, imgUrl}]; variant: "card", "compact" or "logo". */
export default function CategoryTiles({ tiles, variant = 'card' }) {
  const [width, height] = PICTURE_SIZE[variant] || PICTURE_SIZE.card;
  const logo = variant === 'logo';
  return (
    <Tiles className={variant === 'card' ? undefined : variant}>
      {tiles.map((tile) => (
        <li key={tile.url + tile.title}>
          <RouterAnchor href={tile.url}>
            {tile.imgUrl && (
              <img src={tile.imgUrl} alt={logo ? tile.title : ''} width={width} height={height} loading="lazy" decoding="async" />
            )}
            {!logo && (
              <span className="text">
                <span className="title">{tile.title}</span>
                {tile.subtitle && <span className="subtitle">{tile.subtitle}</span>}
              </span>
            )}
          </RouterAnchor>
        </li>
      ))}
    </Tiles>
  );
}
