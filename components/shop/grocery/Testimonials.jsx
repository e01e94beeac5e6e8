// What customers say: one card per testimonial (comment, photo, client name). A grid on a wide
// screen; on a phone one scrollable row that shows a card and a peek of the next, which the
// keyboard scrolls too (the row takes focus). Nothing moves by itself.
import { sharedStyled } from '../../common/sharedStyles.js';
import FormatQuote from '../../icons/FormatQuote.js';
import Section from '../Section.jsx';

const Quotes = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 4 },
  '& figure': {
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(2),
    height: '100%',
    margin: 0,
    padding: theme.spacing(3),
    borderRadius: 10,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  },
  '& .mark': { fontSize: 36, color: theme.palette.primary.main, transform: 'scaleX(-1)' },
  '& blockquote': { flexGrow: 1, margin: 0, fontSize: 15, lineHeight: 1.65, color: theme.palette.text.primary },
  '& figcaption': { display: 'flex', alignItems: 'center', gap: theme.spacing(1.5), fontWeight: 700 },
  '& img': { display: 'block', width: 48, height: 48, borderRadius: '50%' },
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: 'none',
    gridAutoFlow: 'column',
    gridAutoColumns: '82%',
    gap: theme.spacing(1.5),
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
    scrollbarWidth: 'none',
    padding: '2px 2px 8px',
    '&::-webkit-scrollbar': { display: 'none' },
    '& li': { scrollSnapAlign: 'start' },
    '& figure': { padding: theme.spacing(2) },
  },
}));

/** testimonials: [{clientName, comment, photoUrl}] */
export default function Testimonials({ title, testimonials }) {
  return (
    <Section title={title}>
      <Quotes aria-label={title} tabIndex={0}>
        {testimonials.map((testimonial) => (
          <li key={testimonial.clientName}>
            <figure>
              <FormatQuote className="mark" />
              <blockquote>{testimonial.comment}</blockquote>
              <figcaption>
                <img src={testimonial.photoUrl} alt="" width={48} height={48} loading="lazy" decoding="async" />
                {testimonial.clientName}
              </figcaption>
            </figure>
          </li>
        ))}
      </Quotes>
    </Section>
  );
}
