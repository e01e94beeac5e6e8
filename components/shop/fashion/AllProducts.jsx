// Every fashion product: links to each category's page, the first rows of the catalogue and a
// button that shows the rest in place (its first new product takes the focus). Without
// JavaScript the category links lead to every product.
import { useEffect, useRef, useState } from 'react';
import { styled } from '@mui/material/styles';
import { ChipLinks } from '../BrandList.jsx';
import ProductGrid from '../ProductGrid.jsx';
import { searchUrl } from '../links.js';

const FIRST_ROWS = 10; // two rows of five on a wide screen

const Wrapper = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(2.5),
  '& .more': { display: 'flex', justifyContent: 'center' },
  '& .more button': {
    minHeight: 44,
    padding: theme.spacing(1.25, 4),
    borderRadius: 6,
    border: `1px solid ${theme.palette.primary.main}`,
    background: 'transparent',
    color: theme.palette.primary.main,
    font: 'inherit',
    fontSize: 15,
    fontWeight: 600,
    cursor: 'pointer',
    transition: 'background-color 150ms, color 150ms',
    '&:hover': { background: theme.palette.primary.main, color: theme.palette.primary.contrastText },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  },
}));

export default function AllProducts({ products }) {
  const [expanded, setExpanded] = useState(false);
  const grid = useRef(null);
  const categories = [...new Set(products.map((product) => product.category))];
  const shown = expanded ? products : products.slice(0, FIRST_ROWS);

  useEffect(() => {
    if (expanded) grid.current?.querySelectorAll('h3 a')[FIRST_ROWS]?.focus();
  }, [expanded]);

  return (
    <Wrapper>
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
          <button type="button" onClick={() => setExpanded(true)}>
            Show all {products.length} products
          </button>
        </div>
      )}
    </Wrapper>
  );
}
