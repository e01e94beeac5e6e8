// A hero slide: title, text and a call to action beside a large picture.
import { styled } from '@mui/material/styles';
import ButtonLink from './ButtonLink.jsx';

const Slide = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  alignItems: 'center',
  gap: theme.spacing(3),
  height: '100%',
  minHeight: 340,
  padding: theme.spacing(4, 7),
  background: theme.palette.background.paper,
  '& h2': {
    margin: 0,
    fontSize: 40,
    fontWeight: 700,
    lineHeight: 1.2,
    color: theme.palette.text.primary,
  },
  '& p': { margin: theme.spacing(2, 0, 3), fontSize: 16, lineHeight: 1.6, color: theme.palette.text.secondary },
  '& img': { display: 'block', width: '100%', height: 'auto', maxHeight: 320, objectFit: 'contain' },
  [theme.breakpoints.down('md')]: {
    padding: theme.spacing(3, 4),
    '& h2': { fontSize: 30 },
  },
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: '1fr',
    gap: theme.spacing(2),
    minHeight: 0,
    padding: theme.spacing(2.5, 2),
    '& h2': { fontSize: 24 },
    '& p': { margin: theme.spacing(1, 0, 2), fontSize: 14 },
    // On a phone the picture goes on top, as a banner.
    '& img': { order: -1, maxHeight: 160 },
  },
}));

/** `eager`: the slide shown first, whose picture is the page's largest paint. */
export default function HeroSlide({ title, description, buttonText, href, imgUrl, eager = false }) {
  return (
    <Slide>
      <div>
        <h2>{title}</h2>
        {description && <p>{description}</p>}
        <ButtonLink href={href}>{buttonText || 'Shop now'}</ButtonLink>
      </div>
      {imgUrl && (
        <img
          src={imgUrl}
          alt=""
          width={640}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      )}
    </Slide>
  );
}
