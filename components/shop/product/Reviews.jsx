// The product's published reviews: the average, then each review with its author, date, stars
// and comment. Dates are printed the same way on the server and in every browser (no locale),
// so the server's markup hydrates as it is.
import { styled } from '@mui/material/styles';
import RatingStars, { ratingStyles } from '../RatingStars.jsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-10-23" -> "23 Oct 2026". */
export function reviewDate(iso) {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

const Wrapper = styled('section')(({ theme }) => ({
  marginBlock: theme.spacing(5),
  padding: theme.spacing(3),
  borderRadius: 8,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  scrollMarginTop: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { marginBlock: theme.spacing(3.5), padding: theme.spacing(2) },
  '& h2': { margin: 0, fontSize: 24, fontWeight: 700, [theme.breakpoints.down('sm')]: { fontSize: 19 } },
  '& .average': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    margin: theme.spacing(1, 0, 1),
    fontSize: 14,
    color: theme.palette.text.secondary,
  },
  '& .average strong': { fontSize: 18, color: theme.palette.text.primary },
  '& ul': { listStyle: 'none', margin: 0, padding: 0 },
  '& article': {
    display: 'grid',
    gridTemplateColumns: '44px minmax(0, 1fr)',
    columnGap: theme.spacing(1.5),
    padding: theme.spacing(2, 0),
    borderTop: `1px solid ${theme.palette.grey[200]}`,
  },
  '& .avatar': {
    gridRow: 'span 3',
    width: 44,
    height: 44,
    borderRadius: '50%',
    background: theme.palette.grey[200],
  },
  '& .by': { margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: theme.spacing(0, 1.5) },
  '& .by strong': { fontSize: 15 },
  '& time': { fontSize: 13, color: theme.palette.text.secondary },
  '& .stars': { margin: theme.spacing(0.5, 0) },
  '& .rating': ratingStyles(16),
  '& .comment': { margin: 0, lineHeight: 1.6 },
  '& .none': { margin: theme.spacing(2, 0, 0), color: theme.palette.text.secondary },
}));

export default function Reviews({ reviews, rating, reviewCount }) {
  return (
    <Wrapper id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer reviews</h2>
      {reviews.length === 0 ? (
        <p className="none">No reviews yet.</p>
      ) : (
        <>
          <p className="average">
            <RatingStars value={rating} />
            <strong>{rating.toFixed(1)}</strong> out of 5 · {reviewCount} {reviewCount === 1 ? 'review' : 'reviews'}
          </p>
          <ul>
            {reviews.map((review) => (
              <li key={review.id}>
                <article aria-label={`Review by ${review.customer}`}>
                  {review.image ? (
                    <img className="avatar" src={review.image} alt="" width={44} height={44} loading="lazy" decoding="async" />
                  ) : (
                    <span className="avatar" />
                  )}
                  <p className="by">
                    <strong>{review.customer}</strong>
                    <time dateTime={review.date}>{reviewDate(review.date)}</time>
                  </p>
                  <div className="stars">
                    <RatingStars value={review.rating} />
                  </div>
                  <p className="comment">{review.comment}</p>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </Wrapper>
  );
}
