// Node's own renderToString of the same server bundle the V8 pool runs: the baseline, kept running
// so that its batches can alternate with the pool's (bench/ssr.py).
// Usage: node node_render.mjs <server.js> <pageName> <pageJsonFile>
// Prints one line {first, output}: output is one render's result, which the bench compares with the
// isolate's, so both are timed on the same page; first is the first render's, which carries the
// text of every style the later ones name by id only (components/server.jsx). Then, for each line
// N read from standard input, renders the page N times and prints the seconds they took.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setImmediate } from 'node:timers/promises';
import vm from 'node:vm';

const [bundle, name, pageFile] = process.argv.slice(2);
vm.runInThisContext(readFileSync(bundle, 'utf8'));
// The bundle starts its deferred sections' imports while it loads; the pool's isolate has run
// those promise jobs when its eval returns. Rendering before they settle would time a page whose
// sections are all suspended (an empty shell), so wait for them here too.
await setImmediate();
const page = readFileSync(pageFile, 'utf8');
const first = globalThis.renderPage(name, page);
const output = globalThis.renderPage(name, page);
process.stdout.write(`${JSON.stringify({ first, output })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const count = Number(line);
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) globalThis.renderPage(name, page);
  process.stdout.write(`${Number(process.hrtime.bigint() - start) / 1e9}\n`);
}
// Exit at once: timers and message ports the bundle set up would keep Node alive.
process.exit(0);
