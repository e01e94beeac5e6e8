// Blog posts as cards: picture, date, number of comments, title (the link to the post) and the
// opening lines. Three across on a wide screen; on a phone one swipeable row, so three posts do
// not take three screens.
import { sharedStyled } from '../common/sharedStyles.js';
import CalendarToday from '../icons/CalendarTodayOutlined.js';
import ChatBubble from '../icons/ChatBubbleOutlineOutlined.js';
import RouterAnchor from '../common/RouterAnchor.jsx';

const Cards = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2.5),
  gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: 'none',
    gridAutoFlow: 'column',
    gridAutoColumns: '84%',
    gap: theme.spacing(1.5),
    overflowX: 'auto',
    overscrollBehaviorX: 'contain',
    scrollSnapType: 'x mandatory',
    padding: '2px 2px 8px',
    '& > li': { scrollSnapAlign: 'start' },
  },
  '& article': {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    overflow: 'hidden',
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
    transition: 'box-shadow 200ms',
    '&:hover': { boxShadow: '0 6px 18px rgba(3, 0, 71, 0.14)' },
    '&:hover h3 a': { color: theme.palette.primary.main },
  },
  '& img': { display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover' },
  '& .body': { display: 'flex', flexDirection: 'column', gap: theme.spacing(1), flexGrow: 1, padding: theme.spacing(2, 2.5, 2.5) },
  '& .meta': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(0.5, 2),
    margin: 0,
    fontSize: 13,
    color: theme.palette.text.secondary,
    '& span': { display: 'inline-flex', alignItems: 'center', gap: 6 },
    '& svg': { fontSize: 16 },
  },
  '& h3': { margin: 0, fontSize: 17, fontWeight: 700, lineHeight: 1.35 },
  '& h3 a': { color: theme.palette.text.primary, textDecoration: 'none' },
  '& h3 a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  // The whole card opens the post through its title link.
  '& h3 a::after': { content: '""', position: 'absolute', inset: 0 },
  '& .description': { margin: 0, fontSize: 14, lineHeight: 1.6, color: theme.palette.text.secondary },
  '& .more': { marginTop: 'auto', paddingTop: theme.spacing(0.5), fontSize: 14, fontWeight: 700, color: theme.palette.primary.main },
}));

const commentCount = (count) => `${count} ${count === 1 ? 'comment' : 'comments'}`;

/** posts: [{url, title, description, createdAt (date text), comments, imgUrl}] */
export default function BlogCards({ posts }) {
  return (
    <Cards>
      {posts.map((post) => (
        <li key={post.url + post.title}>
          <article>
            {post.imgUrl && <img src={post.imgUrl} alt="" width={600} height={400} loading="lazy" decoding="async" />}
            <div className="body">
              <p className="meta">
                <span>
                  <CalendarToday />
                  {post.createdAt}
                </span>
                <span>
                  <ChatBubble />
                  {commentCount(post.comments)}
                </span>
              </p>
              <h3>
                <RouterAnchor href={post.url}>{post.title}</RouterAnchor>
              </h3>
              <p className="description">{post.description}</p>
              <span className="more" aria-hidden="true">
                Read more
              </span>
            </div>
          </article>
        </li>
      ))}
    </Cards>
  );
}
