// The gadget store's hero: the main carousel with the two offer banners stacked beside it on a
// wide screen, and under it on a narrower one.
import { sharedStyled } from '../../common/sharedStyles.js';
import HeroCarousel from '../HeroCarousel.jsx';
import PromoBanners from '../PromoBanners.jsx';

const Hero = sharedStyled('div', (theme) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 3fr)',
  gap: theme.spacing(2),
  alignItems: 'start',
  // The slide is narrower than the page here: keep the art at its right edge, clear of the text.
  '& .slide img': { objectPosition: '100% 50%' },
  // The banners fill the slide's height (420 px, 340 px from md down: see HeroSlide), one above
  // the other, cropping their pictures rather than leaving a gap.
  '& .banners ul': { gridTemplateColumns: '1fr', gridTemplateRows: '1fr 1fr', height: 420 },
  '& .banners a': { height: '100%' },
  '& .banners img': { height: '100%', objectFit: 'cover', objectPosition: '80% 50%' },
  '& .banners .text': { width: '64%' },
  [theme.breakpoints.down('lg')]: { '& .banners ul': { height: 340 } },
  [theme.breakpoints.down('md')]: {
    gridTemplateColumns: 'minmax(0, 1fr)',
    '& .banners ul': { height: 'auto', gridTemplateColumns: '1fr 1fr', gridTemplateRows: 'none' },
    '& .banners img': { height: 'auto' },
    '& .banners .text': { width: '56%' },
  },
  [theme.breakpoints.down('sm')]: {
    '& .banners ul': { gridTemplateColumns: '1fr' },
    '& .banners .text': { width: '62%' },
  },
}));

/** slides: the main carousel (SPEC §3 carousel records); banners: the two banners. */
export default function GadgetHero({ slides, banners }) {
  return (
    <Hero>
      <HeroCarousel slides={slides} label="Gadget offers" />
      {banners.length > 0 && (
        <aside className="banners" aria-label="Offers">
          {/* Beside the slide on a wide screen, under it on a phone: in the first screen either way. */}
          <PromoBanners banners={banners} eager />
        </aside>
      )}
    </Hero>
  );
}
