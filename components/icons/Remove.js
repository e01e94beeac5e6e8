import drawn from './drawn.jsx';

export default /* @__PURE__ */ drawn('M19 13H5v-2h14z');
