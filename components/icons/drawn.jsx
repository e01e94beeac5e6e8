// The storefront's icons: each file in this folder is one Material Icons drawing, as
// @mui/icons-material 9 draws it and under the same name, made into a component here: one <svg>
// of its shapes with one shared class. MUI's SvgIcon is a styled element whose styles (with their
// variants) are serialized for every icon: in profiles of the storefronts' server render it was
// the largest cost left, 30 icons a page. These draw the same with SvgIcon's CSS (without its
// Mui* class names, which no style here uses), and are decorative (next to their text), so
// hidden from assistive technology; parents size and colour them through `svg` selectors.
// One file per icon, as in @mui/icons-material, so a page's JavaScript carries only its icons.
import sharedStyles from '../common/sharedStyles.js';

// SvgIcon's own styles at its default size (fontSize="medium").
const useIconClass = sharedStyles({
  userSelect: 'none',
  width: '1em',
  height: '1em',
  display: 'inline-block',
  flexShrink: 0,
  transition: 'fill 200ms cubic-bezier(0.4, 0, 0.2, 1) 0ms',
  fill: 'currentColor',
  fontSize: '1.5rem',
});

const element = (shape, key) => (typeof shape === 'string' ? <path key={key} d={shape} /> : <circle key={key} {...shape} />);

/** An icon component drawn with these shapes (of a 24 × 24 box): a path's `d`, or a circle's `{ cx, cy, r }`. */
export default function drawn(...shapes) {
  // The drawing is the same every time: its elements are made once.
  const drawing = shapes.length === 1 ? element(shapes[0]) : shapes.map(element);
  return function Icon({ className }) {
    const icon = useIconClass();
    return (
      <svg className={className ? `${className} ${icon}` : icon} aria-hidden="true" viewBox="0 0 24 24">
        {drawing}
      </svg>
    );
  };
}
