// A book's details on its product page, as a definition list: ISBN-13 (grouped, and as the 13
// digits people search by), ISBN-10 when it has one, authors (links to their pages), publisher,
// edition, year, format, pages, language, level (a link to its browse page), subject, series.
import { sharedStyled } from '../../common/sharedStyles.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import AuthorLinks from './AuthorLinks.jsx';

const List = sharedStyled('dl', (theme) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: theme.spacing(2, 3),
  margin: 0,
  '& div': { minWidth: 0 },
  '& dt': { marginBottom: 2, fontSize: 13, color: theme.palette.text.secondary },
  '& dd': { margin: 0, fontSize: 15, fontWeight: 600, overflowWrap: 'anywhere' },
  '& .plain': { display: 'block', fontSize: 13, fontWeight: 400, color: theme.palette.text.secondary },
  '& a': {
    color: theme.palette.primary.main,
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: theme.spacing(1.5, 2) },
}));

// Each value below is rendered alone in its <dd>, never in a list of siblings: it needs no key.
/* eslint-disable react/jsx-key */
/** The rows a book has: [term, value], without the empty ones. */
function rows(book) {
  const { isbn, isbnGrouped, isbn10, authors, publisher, edition, year, format, pages, language, level, subject, series, volume } = book;
  return [
    isbn && [
      'ISBN-13',
      <>
        {isbnGrouped}
        <span className="plain">{isbn}</span>
      </>,
    ],
    isbn10 && ['ISBN-10', isbn10],
    authors.length > 0 && [authors.length === 1 ? 'Author' : 'Authors', <AuthorLinks authors={authors} />],
    publisher && ['Publisher', publisher],
    edition && ['Edition', `${edition} edition`],
    year && ['Published', year],
    ['Format', format],
    pages && ['Pages', pages],
    ['Language', language],
    ['Level', <RouterAnchor href={level.url}>{level.label}</RouterAnchor>],
    subject && ['Subject', subject],
    series && ['Series', volume ? `${series}, volume ${volume}` : series],
  ].filter(Boolean);
}
/* eslint-enable react/jsx-key */

export default function BookDetails({ book }) {
  return (
    <List>
      {rows(book).map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}
