// /booklists: find your school's booklist by the school's name and the class; the published
// lists that match, school by school, each with its number of books and what it costs.
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import BooklistFinder, { booklistsHref } from '../shop/booklist/BooklistFinder.jsx';
import { plural } from '../shop/booklist/text.js';
import { formatPrice } from '../shop/money.js';
import ShopLayout from '../shop/ShopLayout.jsx';

const Page = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(3),
  '& h1': { margin: 0, fontSize: 26, fontWeight: 700, [theme.breakpoints.down('sm')]: { fontSize: 21 } },
  '& .lead': { margin: theme.spacing(0.5, 0, 0), color: theme.palette.text.secondary, maxWidth: 720 },
  '& .count': { margin: 0, fontSize: 14, color: theme.palette.text.secondary },
  '& h2': { margin: theme.spacing(0, 0, 1.5), fontSize: 19, fontWeight: 700 },
  '& .lists': {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
    gap: theme.spacing(1.5),
  },
  '& .lists a': {
    display: 'grid',
    gap: theme.spacing(0.5),
    height: '100%',
    boxSizing: 'border-box',
    padding: theme.spacing(2),
    borderRadius: 8,
    border: `1px solid ${theme.palette.grey[200]}`,
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    '&:hover': { borderColor: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& .class': { fontSize: 17, fontWeight: 700 },
  '& .facts': { fontSize: 14, color: theme.palette.text.secondary },
  '& .price': { fontSize: 15, fontWeight: 700, color: theme.palette.primary.main },
  '& .empty': {
    padding: theme.spacing(4, 2),
    borderRadius: 8,
    textAlign: 'center',
    background: theme.palette.background.paper,
    '& a': { color: theme.palette.primary.main, fontWeight: 600 },
  },
}));

function BooklistLink({ booklist }) {
  const { url, classLabel, academicYear, items, totals } = booklist;
  return (
    <li>
      <RouterAnchor href={url}>
        <span className="class">{classLabel}</span>
        <span className="facts">
          {academicYear} · {plural(items, 'book')}
        </span>
        <span className="price">
          {formatPrice(totals.required)} required · {formatPrice(totals.all)} all
        </span>
      </RouterAnchor>
    </li>
  );
}

export default function Booklists(results) {
  const { schools, count, q, grade, classes } = results;
  const narrowed = Boolean(q || grade);
  return (
    <ShopLayout>
      <Page>
        <div>
          <h1>School booklists</h1>
          <p className="lead">
            Find the list your school gave for your class, see every book with its price and stock, and put the whole list in your cart in
            one click.
          </p>
        </div>
        <BooklistFinder results={results} classes={classes} />
        <p className="count" role="status">
          {count > 0 ? `${plural(count, 'booklist')}${narrowed ? ' found' : ''}` : ''}
        </p>
        {count === 0 ? (
          <div className="empty">
            <p>
              No booklist matches {q ? `“${q}”` : 'this search'}
              {grade ? ` for Class ${grade}` : ''}.
            </p>
            <RouterAnchor href={booklistsHref({})}>See every booklist</RouterAnchor>
          </div>
        ) : (
          schools.map((school, n) => (
            <section key={school.name} aria-labelledby={`school-${n}`}>
              <h2 id={`school-${n}`}>{school.name}</h2>
              <ul className="lists">
                {school.booklists.map((booklist) => (
                  <BooklistLink key={booklist.slug} booklist={booklist} />
                ))}
              </ul>
            </section>
          ))
        )}
      </Page>
    </ShopLayout>
  );
}
