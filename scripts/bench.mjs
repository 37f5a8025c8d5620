// `npm run bench`: performance figures as JSON (bench-results/latest.json and stdout) plus a
// short table. Later issues add their own figures here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_PACKAGES, ensureNodeModules, ensureSystemPackages } from './lib/deps.mjs';
import { ROOT } from './lib/process.mjs';

await ensureNodeModules();
await ensureSystemPackages(BENCH_PACKAGES);
const { benchHttp } = await import('./bench/http.mjs');
const { benchLoginPage } = await import('./bench/login-page.mjs');
const { benchReprice } = await import('./bench/reprice.mjs');
const { benchStorefront } = await import('./bench/storefront.mjs');
const { benchSpike } = await import('./bench/spike.mjs');
const { benchDashboard } = await import('./bench/dashboard.mjs');
const { benchRealtime } = await import('./bench/realtime.mjs');

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
if (wanted('storefront')) result.figures.storefront = await benchStorefront();
if (wanted('spike')) result.figures.spike = await benchSpike();
// Generates 1M orders and 10M events first (minutes); BENCH_DASHBOARD_QUICK=1 for a tenth.
if (wanted('dashboard')) result.figures.dashboard = await benchDashboard();
if (wanted('realtime')) result.figures.realtime = await benchRealtime();

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);

const rows = [];
const DRIVERS = ['pglite', 'postgres'];
for (const driver of DRIVERS) {
  const h = result.figures.http?.[driver];
  if (!h) continue;
  rows.push(
    [`[${driver}] GET /api/health (app) req/s`, h.app.requestsPerSecond],
    [`[${driver}] GET /api/health (app) p99 ms`, h.app.p99Ms],
    [`[${driver}] GET /bare (bare Fastify) req/s`, h.bare.requestsPerSecond],
    [`[${driver}] app / bare throughput ratio`, h.ratio],
  );
}
const l = result.figures.loginPage;
if (l) {
  rows.push([`front door (${l.network}, CPU ${l.cpuSlowdown}×, 360×640): budget JS gzipped`, l.budgetBytes]);
  for (const [name, label] of [
    ['signIn', '#/login'],
    ['register', '#/register'],
    ['landing', '#/welcome'],
    ['consoleSignIn', '#/console/login'],
  ]) {
    const p = l[name];
    rows.push(
      [
        `  ${label} JS files, gzipped bytes (then in the background)`,
        `${p.jsFiles}, ${p.jsGzipBytes}${p.withinBudget ? '' : ' (over)'}` +
          (p.jsFilesAfterReady ? ` (${p.jsFilesAfterReady}, ${p.jsGzipBytesAfterReady})` : ''),
      ],
      [`  ${label} first paint, ready ms`, `${p.firstContentfulPaintMs}, ${p.readyMs}`],
    );
  }
  rows.push([
    '  studio home ready after "Sign in" ms (from the first request)',
    `${l.studioHome.afterSignInMs} (${l.studioHome.fromStartMs})`,
  ]);
}
const rt = result.figures.realtime;
if (rt)
  rows.push(
    [`realtime: STOMP sessions held by one process (target ${rt.target})`, rt.sessions],
    ['  memory per session (server RSS), bytes', rt.bytesPerSession],
    [
      `  broadcast to all, p50 / p99 ms (target p99 < ${rt.broadcast.targetP99Ms})`,
      `${rt.broadcast.p50Ms} / ${rt.broadcast.p99Ms}`,
    ],
  );
const rp = result.figures.reprice;
if (rp) {
  rows.push(
    [`re-price ${rp.products} products ms`, rp.totalMedianMs],
    ['  save the category ms', rp.saveMs],
    ['  read the priced list ms', rp.readMs],
  );
  // Prices are not stored (decision 0014): re-pricing is the rule's save, then every read prices
  // anew. The headline reads every variant's new price back in one query of the read model; the
  // studio's own reads (its list, then each product's variants: 1,000 reads) are given beside it.
  for (const [driver, v] of Object.entries(rp.variants ?? {}))
    rows.push(
      [
        `[${driver}] re-price ${v.variants} variants: save + read all back, p50 ms (target < ${rp.variantsTargetMs})`,
        v.oneRead ? `${v.oneRead.totalMedianMs} (save ${v.oneRead.saveMs}, read ${v.oneRead.readMs})` : '-',
      ],
      [
        `  …through the studio's reads (its list, then ${v.products} products' variants, ${v.concurrency} at a time) p50 ms`,
        `${v.totalMedianMs} (${v.totalMinMs}–${v.totalMaxMs}, ${v.runs} runs)`,
      ],
    );
}
/** One JSON read: throughput and p99 at 32 connections, the bare route, the ratio, one at a time. */
const readRows = (label, r) => [
  [`${label} req/s (p99 ms)`, `${r.app.requestsPerSecond} (${r.app.p99Ms})`],
  [`  same bytes, bare Fastify req/s`, r.bare.requestsPerSecond],
  [`  ratio`, r.ratio],
  ...(r.oneAtATime
    ? [
        [
          `  one at a time: first, p50, p95 ms`,
          `${r.oneAtATime.firstMs}, ${r.oneAtATime.p50Ms}, ${r.oneAtATime.p95Ms}`,
        ],
      ]
    : []),
];
for (const driver of DRIVERS) {
  const sf = result.figures.storefront?.[driver];
  if (!sf) continue;
  const tag = `[${driver}]`;
  if (sf.html)
    rows.push(
      [`${tag} GET /s/demo (shop HTML) req/s`, sf.html.shopPage.requestsPerSecond],
      [`${tag} GET /s/demo p99 ms`, sf.html.shopPage.p99Ms],
      [`${tag} same bytes, bare Fastify req/s`, sf.html.bare.requestsPerSecond],
      [`${tag} shop HTML / bare throughput ratio`, sf.html.ratio],
    );
  const sj = sf.json;
  if (sj) {
    for (const [name, r] of Object.entries(sj.reads)) rows.push(...readRows(`${tag} storefront ${name}`, r));
    for (const [name, r] of Object.entries(sj.creatorReads ?? {}))
      rows.push(...readRows(`${tag} demo creator ${name}`, r));
    if (sj.scale)
      rows.push([
        `${tag} scale shop seeded (products, variants, orders) s`,
        `${sj.scale.products}, ${sj.scale.variants ?? '-'}, ${sj.scale.orders}: ${(sj.scale.seedMs / 1000).toFixed(1)}`,
      ]);
    for (const [name, r] of Object.entries(sj.scaleCreatorReads ?? {}))
      rows.push(...readRows(`${tag} scale creator ${name}`, r));
    for (const [name, r] of Object.entries(sj.scaleReads ?? {}))
      rows.push(...readRows(`${tag} scale storefront ${name}`, r));
  }
  const sp = sf.page;
  if (sp)
    rows.push(
      [
        'shop page JS gzipped bytes',
        `${sp.jsGzipBytes} (budget ${sp.budgetBytes}: ${sp.withinBudget ? 'within' : 'OVER'})`,
      ],
      ['shop page JS files', sp.jsFiles],
      [`shop page rendered ms (CPU ${sp.cpuSlowdown}x slower)`, sp.renderedMs],
      [`shop page FCP ms (${sp.viewport}, Fast 3G, CPU ${sp.cpuSlowdown}x)`, sp.firstContentfulPaintMs],
      [
        `shop page LCP ms (${sp.viewport}, Fast 3G, CPU ${sp.cpuSlowdown}x)`,
        `${sp.largestContentfulPaintMs} (target ${sp.lcpTargetMs}: ${sp.withinLcpTarget ? 'within' : 'OVER'})`,
      ],
      ['shop page CLS', sp.cumulativeLayoutShift],
    );
}
for (const [driver, s] of Object.entries(result.figures.spike ?? {})) {
  for (const step of s.steps)
    rows.push([
      `spike ${driver} ${step.connections} conns req/s`,
      `${step.rps} (p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, ${step.errors} errors)`,
    ]);
  const c = s.checkouts;
  rows.push(
    [`spike ${driver} held (p99<${s.p99LimitMs}ms, 0 errors)`, `${s.heldRps} req/s (target ${s.targetRps})`],
    [
      `spike ${driver} checkouts paid / exactly once`,
      `${c.acknowledged} of ${c.attempted}: ${c.exactlyOnce ? 'yes' : `NO (${c.failures.join('; ')})`}, min stock ${c.minStock}`,
    ],
  );
}
const db = result.figures.dashboard;
if (db) {
  const lat = (r) => `${r.p50Ms} / ${r.p95Ms} / ${r.p99Ms}`;
  const gen = db.data.generated;
  rows.push(
    [
      `dashboard [postgres] data: orders, events (roll-up rows)`,
      `${db.data.orders}, ${db.data.events} (${db.data.eventRollups})`,
    ],
    ...(gen?.seedMs ? [['  generated in s', (gen.seedMs / 1000).toFixed(1)]] : []),
    [
      `  GET /api/v1/dashboard p50/p95/p99 ms (target p95 < ${db.targets.dashboardP95Ms})`,
      lat(db.dashboard.summary),
    ],
    ...Object.entries(db.dashboard.series).map(([name, r]) => [`  series ${name} p50/p95/p99 ms`, lat(r)]),
    [
      `  orders list first page p50/p95/p99 ms (target p95 < ${db.targets.ordersP95Ms})`,
      lat(db.orders.firstPage),
    ],
    ...(db.orders.deepPage
      ? [[`  orders list after ${db.orders.deepPage.afterOrders} p50/p95/p99 ms`, lat(db.orders.deepPage)]]
      : []),
    [
      `  ingestion events/s, written once (target ${db.targets.eventsPerSecond})`,
      `${db.ingestion.eventsPerSecond}, ${db.ingestion.countedEventsPerSecond}`,
    ],
  );
}
process.stderr.write(`\n${rows.map(([k, v]) => `  ${k.padEnd(58)} ${v}`).join('\n')}\n\n`);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
