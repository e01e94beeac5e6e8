// Every fashion product: links to each category's page, the first rows of the catalogue and a
// "Show all" link that shows the rest in place (its first new product takes the focus). The
// link is a real address (`showAllHref`, where the server renders every product), so it also
// works without JavaScript.
import { useEffect, useRef, useState } from 'react';
import { sharedStyled } from '../../common/sharedStyles.js';
import { ChipLinks } from '../BrandList.jsx';
import ProductGrid from '../ProductGrid.jsx';
import { searchUrl } from '../links.js';

const FIRST_ROWS = 10; // two rows of five on a wide screen

const Wrapper = sharedStyled('div', (theme) => ({
  display: 'grid',
  gap: theme.spacing(2.5),
  '& .more': { display: 'flex', justifyContent: 'center' },
  '& .more a': {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: 44,
    padding: theme.spacing(1.25, 4),
    borderRadius: 6,
    border: `1px solid ${theme.palette.primary.main}`,
    color: theme.palette.primary.main,
    fontSize: 15,
    fontWeight: 600,
    textDecoration: 'none',
    transition: 'background-color 150ms, color 150ms',
    '&:hover': { background: theme.palette.primary.main, color: theme.palette.primary.contrastText },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  },
}));

/** `expanded`: every product from the start (the page at `showAllHref`); `id`: the anchor
 * showAllHref ends with, so the page opens at the products. */
export default function AllProducts({ products, expanded: initiallyExpanded = false, showAllHref, id }) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const grid = useRef(null);
  const categories = [...new Set(products.map((product) => product.category))];
  const shown = expanded ? products : products.slice(0, FIRST_ROWS);

  const showAll = (event) => {
    event.preventDefault();
    setExpanded(true);
  };

  // Only after a click: a page opened at showAllHref keeps the focus where the browser put it.
  useEffect(() => {
    if (expanded && !initiallyExpanded) grid.current?.querySelectorAll('h3 a')[FIRST_ROWS]?.focus();
  }, [expanded, initiallyExpanded]);

  return (
    <Wrapper id={id}>
      {categories.length > 1 && (
        <nav aria-label="Fashion categories">
          <ChipLinks links={categories.map((name) => ({ label: name, href: searchUrl(name) }))} />
        </nav>
      )}
      <div ref={grid}>
        <ProductGrid products={shown} columns={5} />
      </div>
      {!expanded && products.length > FIRST_ROWS && (
        <div className="more">
          <a href={showAllHref} onClick={showAll}>
            Show all {products.length} products
          </a>
        </div>
      )}
    </Wrapper>
  );
}
