// Offer cards side by side: each a link to its offer's search, on the card's own background
// colour, with an optional discount badge, the title, a line of text and the button text, and
// the offer's picture beside them. One per row on a phone.
import { sharedStyled } from '../../common/sharedStyles.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';

// Cards without a colour of their own (grocery3's offer products) take these in turn. All are
// light, so the dark text keeps its contrast on every card.
const TINTS = ['#FFF1E0', '#E9F6EC', '#EEF0FB'];

const Cards = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.spacing(1.5) },
  '& a': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 44%',
    alignItems: 'center',
    gap: theme.spacing(2),
    height: '100%',
    padding: theme.spacing(2.5),
    borderRadius: 10,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    transition: 'box-shadow 200ms',
    '&:hover': { boxShadow: '0 6px 18px rgba(3, 0, 71, 0.12)' },
    '&:hover .cta': { background: theme.palette.primary.dark },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& .text': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: theme.spacing(0.75) },
  '& .badge': {
    padding: '2px 10px',
    borderRadius: 12,
    fontSize: 13,
    fontWeight: 700,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
  },
  '& h3': { margin: 0, fontSize: 20, fontWeight: 700, lineHeight: 1.25 },
  '& .subtitle': { fontSize: 14, color: theme.palette.text.secondary },
  '& .cta': {
    marginTop: theme.spacing(1),
    padding: theme.spacing(0.75, 2),
    borderRadius: 6,
    fontSize: 14,
    fontWeight: 600,
    color: theme.palette.primary.contrastText,
    background: theme.palette.primary.main,
    transition: 'background-color 150ms',
  },
  '& img': { display: 'block', width: '100%', height: 'auto', borderRadius: 8 },
  [theme.breakpoints.down('sm')]: {
    '& a': { padding: theme.spacing(2) },
    '& h3': { fontSize: 17 },
  },
}));

/** cards: [{title, subtitle?, badge?, imgUrl, href, buttonText?, bgColor?}]. */
export default function OfferCards({ cards }) {
  return (
    <Cards>
      {cards.map((card, index) => (
        <li key={card.title}>
          <RouterAnchor href={card.href} style={{ background: card.bgColor || TINTS[index % TINTS.length] }}>
            <div className="text">
              {card.badge && <span className="badge">{card.badge}</span>}
              <h3>{card.title}</h3>
              {card.subtitle && <span className="subtitle">{card.subtitle}</span>}
              <span className="cta">{card.buttonText || 'Shop now'}</span>
            </div>
            <img src={card.imgUrl} alt="" width={400} height={300} loading="lazy" decoding="async" />
          </RouterAnchor>
        </li>
      ))}
    </Cards>
  );
}
