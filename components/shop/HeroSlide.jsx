// A hero slide: a wide, text-free illustration (1200 × 500) with the title, text and call to
// action laid over its start side on a white fade, so the text contrast never depends on the
// art. On a phone the picture becomes a banner above the text.
import { sharedStyled } from '../common/sharedStyles.js';
import ButtonLink from './ButtonLink.jsx';
import { fromStart, mirroredWhenRtl } from './fade.js';

const Slide = sharedStyled('div', (theme) => ({
  position: 'relative',
  height: 420,
  overflow: 'hidden',
  background: theme.palette.background.paper,
  '& img': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    objectPosition: '70% 50%',
    ...mirroredWhenRtl(theme),
  },
  '& .text': {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    justifyContent: 'center',
    width: '58%',
    height: '100%',
    padding: theme.spacing(4, 7),
    background: fromStart(theme, '#fff 0%, rgba(255,255,255,0.94) 62%, rgba(255,255,255,0) 100%'),
  },
  '& h2': { margin: 0, maxWidth: 480, fontSize: 40, fontWeight: 700, lineHeight: 1.2, color: theme.palette.text.primary },
  '& p': { maxWidth: 440, margin: theme.spacing(2, 0, 3), fontSize: 16, lineHeight: 1.6, color: theme.palette.text.secondary },
  [theme.breakpoints.down('md')]: {
    height: 340,
    '& .text': { width: '64%', padding: theme.spacing(3, 4) },
    '& h2': { fontSize: 30 },
  },
  [theme.breakpoints.down('sm')]: {
    height: '100%',
    '& img': { position: 'static', height: 'auto', aspectRatio: '12 / 5' },
    '& .text': { width: '100%', height: 'auto', padding: theme.spacing(2, 2, 2.5), background: 'none' },
    '& h2': { fontSize: 22 },
    '& p': { margin: theme.spacing(1, 0, 2), fontSize: 14 },
  },
}));

/** `eager`: the slide shown first, whose picture is the page's largest paint. */
export default function HeroSlide({ title, description, buttonText, href, imgUrl, eager = false }) {
  return (
    <Slide>
      {imgUrl && (
        <img
          src={imgUrl}
          alt=""
          width={1200}
          height={500}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding={eager ? 'sync' : 'async'}
        />
      )}
      <div className="text">
        <h2>{title}</h2>
        {description && <p>{description}</p>}
        <ButtonLink href={href}>{buttonText || 'Shop now'}</ButtonLink>
      </div>
    </Slide>
  );
}
