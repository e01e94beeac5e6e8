// Deals of the week: one card per brand deal (brand, % off), each a link to the brand's goods.
// The first deal is the big one; the others stack beside it (under it on a phone).
import { sharedStyled } from '../../common/sharedStyles.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';

const Deals = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'minmax(0, 1.5fr) minmax(0, 1fr)',
  gridAutoRows: 200,
  // A lone deal, or the last of an even number, spans the row instead of leaving a hole.
  '& li:first-of-type:last-of-type': { gridColumn: '1 / -1' },
  '& a': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    height: '100%',
    overflow: 'hidden',
    borderRadius: 8,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    background: theme.palette.grey[100],
    '&:hover .cta': { textDecoration: 'underline' },
    '&:hover img': { transform: 'scale(1.04)' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& img': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    objectPosition: '85% 50%',
    transition: 'transform 400ms ease',
    '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  },
  // The text sits on a white panel over the picture, so its contrast never depends on the art.
  '& .text': {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    justifyContent: 'center',
    alignSelf: 'stretch',
    width: '55%',
    padding: theme.spacing(2, 3),
    background: 'linear-gradient(90deg, rgba(255,255,255,0.97) 68%, rgba(255,255,255,0))',
  },
  '& .label': { fontSize: 12, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', color: theme.palette.text.secondary },
  '& h3': { margin: theme.spacing(0.5, 0, 0), fontSize: 24, fontWeight: 700, lineHeight: 1.2 },
  '& .off': { fontSize: 30, fontWeight: 800, lineHeight: 1.2, color: theme.palette.primary.main },
  '& .cta': { marginTop: theme.spacing(1), fontSize: 14, fontWeight: 700, color: theme.palette.secondary.main },
  '& li:first-of-type': {
    gridRow: 'span 2',
    '& .text': { padding: theme.spacing(3, 5) },
    '& h3': { fontSize: 36 },
    '& .off': { fontSize: 52 },
    '& .cta': { marginTop: theme.spacing(2), fontSize: 16 },
  },
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: '1fr 1fr',
    gridTemplateRows: '200px',
    gridAutoRows: 150,
    gap: theme.spacing(1.25),
    '& li:first-of-type': { gridRow: 'auto', gridColumn: '1 / -1' },
    '& .text': { width: '72%', padding: theme.spacing(1.25, 1.5) },
    '& .label': { fontSize: 10 },
    '& h3': { fontSize: 17 },
    '& .off': { fontSize: 20 },
    '& .cta': { fontSize: 13 },
    '& li:first-of-type .text': { width: '60%', padding: theme.spacing(2) },
    '& li:first-of-type h3': { fontSize: 24 },
    '& li:first-of-type .off': { fontSize: 32 },
    '& li:first-of-type .cta': { marginTop: theme.spacing(1), fontSize: 14 },
  },
}));

/** deals: [{brand, off (whole percent), imgUrl, url}] */
export default function DealsOfTheWeek({ deals }) {
  return (
    <Deals>
      {deals.map((deal, i) => (
        <li key={deal.brand + deal.url}>
          <RouterAnchor href={deal.url}>
            {deal.imgUrl && (
              <img
                src={deal.imgUrl}
                alt=""
                width={600}
                height={400}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            )}
            <span className="text">
              <span className="label">Brand deal</span>
              <h3>{deal.brand}</h3>
              <span className="off">{deal.off}% off</span>
              <span className="cta">Shop {deal.brand}</span>
            </span>
          </RouterAnchor>
        </li>
      ))}
    </Deals>
  );
}
