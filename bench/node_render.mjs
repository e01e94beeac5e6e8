// Node's own renderToString of the same server bundle the V8 pool runs: the baseline.
// Usage: node node_render.mjs <server.js> <pageName> <pageJsonFile> <warmUps> <iterations>
// Prints {perSecond, first, output}: output is one render's result, which the bench compares with
// the isolate's, so both are timed on the same page; first is the first render's, which carries the
// text of every style the later ones name by id only (components/server.jsx).
import { readFileSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import vm from 'node:vm';

const [bundle, name, pageFile, warmUps, iterations] = process.argv.slice(2);
vm.runInThisContext(readFileSync(bundle, 'utf8'));
// The bundle starts its deferred sections' imports while it loads; the pool's isolate has run
// those promise jobs when its eval returns. Rendering before they settle would time a page whose
// sections are all suspended (an empty shell), so wait for them here too.
await setImmediate();
const page = readFileSync(pageFile, 'utf8');
const first = globalThis.renderPage(name, page);
for (let i = 0; i < Number(warmUps); i += 1) globalThis.renderPage(name, page); // untimed, as in the isolate's rounds
const start = process.hrtime.bigint();
for (let i = 0; i < Number(iterations); i += 1) globalThis.renderPage(name, page);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const output = globalThis.renderPage(name, page);
// Exit at once: timers and message ports the bundle set up would keep Node alive.
process.stdout.write(JSON.stringify({ perSecond: Number(iterations) / seconds, first, output }), () => process.exit(0));
