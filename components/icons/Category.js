import drawn from './drawn.jsx';

export default /* @__PURE__ */ drawn('m12 2-5.5 9h11z', { cx: 17.5, cy: 17.5, r: 4.5 }, 'M3 13.5h8v8H3z');
