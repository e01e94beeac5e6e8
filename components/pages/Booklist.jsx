// /booklists/{slug}: one school's booklist for a class and year: every book with its price and
// stock, the totals of the required books and of all of them, and the buttons that put the list
// in the cart (a book out of stock or not for sale is marked and left out).
import { Breadcrumbs } from '../common/breadcrumbs.js';
import { sharedStyled } from '../common/sharedStyles.js';
import AddBooklistToCart from '../shop/booklist/AddBooklistToCart.jsx';
import BooklistItems from '../shop/booklist/BooklistItems.jsx';
import { plural } from '../shop/booklist/text.js';
import { formatPrice } from '../shop/money.js';
import ShopLayout from '../shop/ShopLayout.jsx';

const Page = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(2.5),
  '& h1': { margin: 0, fontSize: 26, fontWeight: 700, lineHeight: 1.3, [theme.breakpoints.down('sm')]: { fontSize: 21 } },
  '& .lead': { margin: theme.spacing(0.5, 0, 0), color: theme.palette.text.secondary },
  '& .summary': {
    display: 'grid',
    gap: theme.spacing(2),
    padding: theme.spacing(2.5),
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
    [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
  },
  '& dl': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1, 4), margin: 0 },
  '& dt': { fontSize: 13, color: theme.palette.text.secondary },
  '& dd': { margin: 0, fontSize: 20, fontWeight: 700 },
  '& dd small': { fontSize: 13, fontWeight: 400, color: theme.palette.text.secondary },
  '& h2': { margin: 0, fontSize: 19, fontWeight: 700 },
}));

export default function Booklist({ booklist, breadcrumbs }) {
  const { school, classLabel, academicYear, items, totals } = booklist;
  const title = `${school}: ${classLabel} booklist ${academicYear}`;
  return (
    <ShopLayout>
      <Page>
        <Breadcrumbs crumbs={breadcrumbs} />
        <div>
          <h1>{title}</h1>
          <p className="lead">
            {plural(totals.requiredCount, 'required book')}, {plural(totals.allCount - totals.requiredCount, 'optional book')}.
          </p>
        </div>
        <section className="summary" aria-label="Totals and add to cart">
          <dl>
            <div>
              <dt>Required books</dt>
              <dd>{formatPrice(totals.required)}</dd>
            </div>
            <div>
              <dt>All books</dt>
              <dd>{formatPrice(totals.all)}</dd>
            </div>
            {totals.leftOut > 0 && (
              <div>
                <dt>Cannot be added now</dt>
                <dd>
                  {totals.leftOut} <small>(out of stock or not available; not in the totals)</small>
                </dd>
              </div>
            )}
          </dl>
          <AddBooklistToCart items={items} totals={totals} />
        </section>
        <h2>The books</h2>
        <BooklistItems items={items} label={`Books of the ${title}`} />
      </Page>
    </ShopLayout>
  );
}
