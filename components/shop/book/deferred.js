// The book pages' parts: server-rendered, hydrated once their chunk has arrived (see
// ../deferModule.jsx). The level links are a chunk of their own: the home page shows them too.
import deferModule from '../deferModule.jsx';

const levels = deferModule(() => import('./LevelLinks.jsx'));

export const LevelLinks = /* @__PURE__ */ levels('LevelLinks');
