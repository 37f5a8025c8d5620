// `npm run bench`: performance figures as JSON (bench-results/latest.json and stdout) plus a
// short table. Later issues add their own figures here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNodeModules } from './lib/deps.mjs';
import { ROOT } from './lib/process.mjs';

await ensureNodeModules();
const { benchHttp } = await import('./bench/http.mjs');
const { benchLoginPage } = await import('./bench/login-page.mjs');
const { benchReprice } = await import('./bench/reprice.mjs');

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
const result = {
  when: new Date().toISOString(),
  node: process.version,
  cpus: (await import('node:os')).cpus().length,
  figures: {},
};
if (wanted('http')) result.figures.http = await benchHttp();
if (wanted('login')) result.figures.loginPage = await benchLoginPage();
if (wanted('reprice')) result.figures.reprice = await benchReprice();

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);

const rows = [];
const h = result.figures.http;
if (h) {
  rows.push(
    ['GET /api/health (app) req/s', h.app.requestsPerSecond],
    ['GET /api/health (app) p99 ms', h.app.p99Ms],
  );
  rows.push(['GET /bare (bare Fastify) req/s', h.bare.requestsPerSecond], ['GET /bare p99 ms', h.bare.p99Ms]);
  rows.push(['app / bare throughput ratio', h.ratio]);
}
const l = result.figures.loginPage;
if (l)
  rows.push(
    ['login page JS gzipped bytes', l.jsGzipBytes],
    ['login page JS files', l.jsFiles],
    ['login page load ms', l.loadMs],
  );
const rp = result.figures.reprice;
if (rp)
  rows.push(
    [`re-price ${rp.products} products ms`, rp.totalMedianMs],
    ['  save the category ms', rp.saveMs],
    ['  read the priced list ms', rp.readMs],
  );
process.stderr.write(`\n${rows.map(([k, v]) => `  ${k.padEnd(34)} ${v}`).join('\n')}\n\n`);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
