// The gadget store's sections, server-rendered in full and hydrated when their chunk arrives.
import deferModule from '../deferModule.jsx';

const section = deferModule(() => import('./sections.js'));

export const BlogCards = /* @__PURE__ */ section('BlogCards');
export const GadgetHero = /* @__PURE__ */ section('GadgetHero');
