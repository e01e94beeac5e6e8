// Text laid over a picture sits on a white fade from the start side: the left, or the right
// when the page reads right to left. Gradient angles are not mirrored by the rtl stylesheet
// plugin, and the pictures put their subject on the end side, so both are flipped here.
export const fromStart = (theme, stops) => `linear-gradient(${theme.direction === 'rtl' ? 270 : 90}deg, ${stops})`;

export const mirroredWhenRtl = (theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});
