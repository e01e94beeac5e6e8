// Node's own renderToString of the same server bundle the V8 pool runs: the baseline.
// Usage: node node_render.mjs <server.js> <pageName> <pageJsonFile> <iterations>
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const [bundle, name, pageFile, iterations] = process.argv.slice(2);
vm.runInThisContext(readFileSync(bundle, 'utf8'));
const page = readFileSync(pageFile, 'utf8');
for (let i = 0; i < 50; i += 1) globalThis.renderPage(name, page); // warm up like the pool is
const start = process.hrtime.bigint();
for (let i = 0; i < Number(iterations); i += 1) globalThis.renderPage(name, page);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
// Exit at once: timers and message ports the bundle set up would keep Node alive.
process.stdout.write(JSON.stringify({ perSecond: Number(iterations) / seconds }), () => process.exit(0));
