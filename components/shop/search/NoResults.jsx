// What a search that found nothing shows: why, what to do (clear the filters), popular
// categories to search instead, and the way home.
import { styled } from '@mui/material/styles';
import SearchOff from '../../icons/SearchOff.js';
import RouterAnchor from '../../common/RouterAnchor.jsx';
import ButtonLink from '../ButtonLink.jsx';
import { ChipLinks } from '../deferred.jsx';
import { searchUrl } from '../links.js';

const Box = styled('section')(({ theme }) => ({
  display: 'grid',
  justifyItems: 'center',
  gap: theme.spacing(2),
  padding: theme.spacing(5, 3),
  borderRadius: 8,
  textAlign: 'center',
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& > svg': { fontSize: 56, color: theme.palette.text.secondary },
  '& h2': { margin: 0, fontSize: 20, fontWeight: 700 },
  '& p': { margin: 0, maxWidth: 520, color: theme.palette.text.secondary, lineHeight: 1.6 },
  '& .did-you-mean': { fontSize: 18, color: theme.palette.text.primary, '& a': { fontWeight: 700, color: theme.palette.primary.main } },
  '& .suggestions': { display: 'grid', justifyItems: 'center', gap: theme.spacing(1), marginBlock: theme.spacing(1) },
  '& .suggestions ul': { justifyContent: 'center' },
  '& .actions': { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: theme.spacing(1.5) },
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(4, 2) },
}));

/** `clearHref`: the same search without its filters, when filters are what left it empty;
 * `didYouMean`: the term with its unknown words replaced by the closest words the shop has. */
export default function NoResults({ term, suggestions, clearHref, didYouMean }) {
  return (
    <Box aria-labelledby="no-results-title">
      <SearchOff />
      <h2 id="no-results-title">{clearHref ? 'No products match these filters' : 'Nothing found'}</h2>
      <p>
        {clearHref
          ? `Some products match “${term}”, but none with the filters you chose. Try a wider price range or a lower rating.`
          : `We could not find anything for “${term}”. Check the spelling, or try a shorter or more general word.`}
      </p>
      {didYouMean && (
        <p className="did-you-mean">
          Did you mean <RouterAnchor href={searchUrl(didYouMean)}>{didYouMean}</RouterAnchor>?
        </p>
      )}
      {suggestions.length > 0 && (
        <div className="suggestions">
          <p>Popular categories:</p>
          <ChipLinks links={suggestions.map((s) => ({ label: `${s.term} (${s.count})`, href: searchUrl(s.term) }))} />
        </div>
      )}
      <div className="actions">
        {clearHref && <ButtonLink href={clearHref}>Clear filters</ButtonLink>}
        <ButtonLink href="/" className={clearHref ? 'outlined' : undefined}>
          Back to the home page
        </ButtonLink>
      </div>
    </Box>
  );
}
