// Promotional banners side by side (one per row on a phone): a picture with title, text and a link.
import { sharedStyled } from '../common/sharedStyles.js';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { fromStart, mirroredWhenRtl } from './fade.js';

const Banners = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr' },
  '& a': {
    position: 'relative',
    display: 'block',
    overflow: 'hidden',
    borderRadius: 8,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    background: theme.palette.grey[100],
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '&:hover .cta': { textDecoration: 'underline' },
  },
  '& img': { display: 'block', width: '100%', height: 'auto', ...mirroredWhenRtl(theme) },
  // The text sits on a white panel over the picture, so its contrast never depends on the art.
  '& .text': {
    position: 'absolute',
    insetBlock: 0,
    insetInlineStart: 0,
    width: '52%',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: theme.spacing(0.5),
    padding: theme.spacing(2, 3),
    background: fromStart(theme, 'rgba(255,255,255,0.96) 70%, rgba(255,255,255,0)'),
    [theme.breakpoints.down('sm')]: { width: '62%', padding: theme.spacing(1.5, 2) },
  },
  '& .title': { fontSize: 20, fontWeight: 700, lineHeight: 1.25, [theme.breakpoints.down('sm')]: { fontSize: 16 } },
  '& .body': { fontSize: 13, color: theme.palette.text.secondary },
  '& .cta': { marginTop: theme.spacing(0.5), fontSize: 14, fontWeight: 700, color: theme.palette.primary.main },
}));

/** banners: [{title, body, buttonText, imgUrl, url}]; `eager` when they open the page, in the
 *  first screen, where a lazy picture would wait for layout before it is even requested. */
export default function PromoBanners({ banners, eager = false }) {
  return (
    <Banners>
      {banners.map((banner) => (
        <li key={banner.title}>
          <RouterAnchor href={banner.url}>
            <img src={banner.imgUrl} alt="" width={600} height={300} loading={eager ? 'eager' : 'lazy'} decoding="async" />
            <span className="text">
              <span className="title">{banner.title}</span>
              {banner.body && <span className="body">{banner.body}</span>}
              <span className="cta">{banner.buttonText || 'Shop now'}</span>
            </span>
          </RouterAnchor>
        </li>
      ))}
    </Banners>
  );
}
