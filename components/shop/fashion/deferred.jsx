// The fashion shop's sections, server-rendered in full and hydrated when their chunk arrives.
import deferModule from '../deferModule.jsx';

const section = deferModule(() => import('./sections.js'));

export const AllProducts = /* @__PURE__ */ section('AllProducts');
export const BlogCards = /* @__PURE__ */ section('BlogCards');
export const DealsOfTheWeek = /* @__PURE__ */ section('DealsOfTheWeek');
export const HotDeals = /* @__PURE__ */ section('HotDeals');
export const ProductLists = /* @__PURE__ */ section('ProductLists');
