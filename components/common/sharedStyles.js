// Styles for elements a page renders many times (product cards, sections, their headers, the
// round buttons): serialized ONCE per theme and handed to emotion already serialized. A styled()
// element serializes its style object and hashes the result on every render: in a profile of the
// home page's server render that was the largest cost (emotion's serializeStyles, 40% of the V8
// time, 60 identical cards of it). Emotion takes a single serialized style as it is, and the
// markup and CSS come out byte for byte as styled() wrote them (same class names, so hydration
// matches). For an element rendered once a page, styled() is as good.
import { forwardRef } from 'react';
import { css, jsx } from '@emotion/react';
import { useTheme } from '@mui/material/styles';

/** `build(theme)` -> style object (or the object itself); answers theme -> its serialized styles. */
export default function sharedStyles(build) {
  const byTheme = new WeakMap();
  return (theme) => {
    let styles = byTheme.get(theme);
    if (styles === undefined) {
      styles = css(typeof build === 'function' ? build(theme) : build);
      byTheme.set(theme, styles);
    }
    return styles;
  };
}

/** Like styled(tag)(build) for an element styled by the theme alone (no props in its styles). */
export function sharedStyled(tag, build) {
  const styles = sharedStyles(build);
  return forwardRef(function SharedStyled(props, ref) {
    return jsx(tag, { ...props, ref, css: styles(useTheme()) });
  });
}
