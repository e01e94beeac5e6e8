// Hot deals: a product on offer until a moment, with the time left counting down. Each card
// opens the product; a card is a picture beside the name and the timer, at every width.
import { sharedStyled } from '../../common/sharedStyles.js';
import LocalFireDepartment from '../../icons/LocalFireDepartment.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import Countdown from './Countdown.jsx';

const Deals = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr', gap: theme.spacing(1.25) },
  '& article': {
    position: 'relative',
    display: 'grid',
    gridTemplateColumns: '40% 1fr',
    height: '100%',
    overflow: 'hidden',
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
    transition: 'box-shadow 200ms',
    '&:hover': { boxShadow: '0 6px 18px rgba(3, 0, 71, 0.14)' },
    '&:hover h3 a': { color: theme.palette.primary.main },
  },
  '& .media': { position: 'relative', minHeight: 170, background: theme.palette.grey[100] },
  '& img': { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', objectPosition: '76% 50%' },
  '& .badge': {
    position: 'absolute',
    top: 10,
    insetInlineStart: 10,
    display: 'inline-flex',
    alignItems: 'center',
    gap: 2,
    padding: '2px 8px 2px 4px',
    borderRadius: 12,
    fontSize: 12,
    fontWeight: 700,
    lineHeight: '18px',
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
    '& svg': { fontSize: 16 },
  },
  '& .body': {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: theme.spacing(1.25),
    minWidth: 0,
    padding: theme.spacing(2),
  },
  '& h3': { margin: 0, fontSize: 16, fontWeight: 700, lineHeight: 1.35 },
  '& h3 a': { color: theme.palette.text.primary, textDecoration: 'none' },
  '& h3 a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  // The whole card opens the product through its name.
  '& h3 a::after': { content: '""', position: 'absolute', inset: 0 },
  '& .cta': { fontSize: 14, fontWeight: 700, color: theme.palette.primary.main },
  [theme.breakpoints.down('sm')]: {
    '& article': { gridTemplateColumns: '34% 1fr' },
    '& .media': { minHeight: 150 },
    '& .body': { padding: theme.spacing(1.5), gap: theme.spacing(1) },
    '& h3': { fontSize: 15 },
  },
}));

/** deals: [{productName, expireDate (ISO 8601 or null), imgUrl, url}] */
export default function HotDeals({ deals }) {
  return (
    <Deals>
      {deals.map((deal) => (
        <li key={deal.url}>
          <article>
            <span className="media">
              {deal.imgUrl && <img src={deal.imgUrl} alt="" width={600} height={400} loading="lazy" decoding="async" />}
              <span className="badge">
                <LocalFireDepartment />
                Hot deal
              </span>
            </span>
            <div className="body">
              <h3>
                <RouterAnchor href={deal.url}>{deal.productName}</RouterAnchor>
              </h3>
              {deal.expireDate && <Countdown expireDate={deal.expireDate} label={`The ${deal.productName} deal`} />}
              <span className="cta" aria-hidden="true">
                Grab the deal
              </span>
            </div>
          </article>
        </li>
      ))}
    </Deals>
  );
}
