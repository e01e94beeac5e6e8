// Styles as a plain class name: serialized ONCE per theme, and put in the page's emotion cache
// by the component that uses them, with no element of emotion's own around it. A styled()
// element serializes its styles and hashes them on every render, and wraps its element in two
// more components (the cache reader and the style insertion): in profiles of the storefronts'
// server render that was the largest cost (60 product cards a page, and every section, button
// and icon). The CSS is the CSS styled() writes for the same styles, and the browser's cache
// takes the server's styles over by class name, so hydration matches.
// Use it for the storefronts' elements; keep styled() for styles that depend on props.
import { createElement } from 'react';
import { __unsafe_useEmotionCache as useEmotionCache, css } from '@emotion/react';
import { useTheme } from '@mui/material/styles';

// What emotion's own insertStyles does for a styled element: remember the style under its class
// name (so an emotion element given this class merges it, as it would a styled() one's), and
// add its rules to the cache once. Server: the rules go in the page's critical CSS. Browser: into
// the style sheet, unless the server's block has them already.
function insert(cache, serialized) {
  const className = `${cache.key}-${serialized.name}`;
  if (cache.inserted[serialized.name] === undefined) {
    cache.registered[className] ??= serialized.styles;
    let current = serialized;
    do {
      cache.insert(current === serialized ? `.${className}` : '', current, cache.sheet, true);
      current = current.next; // a keyframes block it uses
    } while (current !== undefined);
  }
  return className;
}

/**
 * `build(theme)` -> style object (or the object itself); answers a hook that answers the class
 * name of those styles in the current theme, inserted in the current emotion cache.
 */
export default function sharedStyles(build) {
  const byTheme = new WeakMap();
  return function useSharedClass() {
    const theme = useTheme();
    let serialized = byTheme.get(theme);
    if (serialized === undefined) {
      serialized = css(typeof build === 'function' ? build(theme) : build);
      byTheme.set(theme, serialized);
    }
    return insert(useEmotionCache(), serialized);
  };
}

/**
 * Like styled(tag)(build) for an element styled by the theme alone (no props in its styles);
 * `as` renders another tag or component with the same class, as with styled().
 */
export function sharedStyled(Tag, build) {
  const useSharedClass = sharedStyles(build);
  // React 19 hands `ref` to a function component as a prop: it reaches the element with the rest.
  return function SharedStyled({ as = Tag, ...props }) {
    const shared = useSharedClass();
    return createElement(as, { ...props, className: props.className ? `${props.className} ${shared}` : shared });
  };
}
