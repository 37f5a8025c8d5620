import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { startPostgres } from '../lib/postgres.mjs';
import { freePort, ROOT } from '../lib/process.mjs';
import { ensureWebBuild } from '../lib/web-build.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 32;
/** The budget for the shop page's JavaScript, gzipped. */
const JS_BUDGET_BYTES = 80 * 1024;
/** How much slower than this machine the page's CPU runs: a mid-range phone. */
const CPU_SLOWDOWN = 4;
/** DevTools' "Fast 3G" preset (CDP Network.emulateNetworkConditions: bytes per second). */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The targets for the shop page on that network and CPU. */
const LCP_TARGET_MS = 2000;

/**
 * Collects the largest contentful paint and the layout shifts from the page's start (buffered
 * entries), before any of the page's own scripts run.
 */
const PAINT_OBSERVERS = `
  window.__benchPaint = { lcp: null, lcpOf: null, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__benchPaint.lcp = entry.startTime;
      window.__benchPaint.lcpOf = [entry.element?.tagName, entry.url].filter(Boolean).join(' ');
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__benchPaint.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Scale shop sizes the storefront bench generates by default (the "realistic data"). */
const SCALE_ORDERS = Number(process.env.BENCH_SCALE_ORDERS ?? 100_000);
const SCALE_PRODUCTS = Number(process.env.BENCH_SCALE_PRODUCTS ?? 1_000);
/** Variants per generated product: Size × Colour, ≈30,000 in the scale shop (issue 33). */
const SCALE_VARIANTS = Number(process.env.BENCH_SCALE_VARIANTS ?? 30);
/** Sequential requests per creator read for the one-at-a-time latency. */
const SEQUENTIAL = 50;
const PASSWORD = 'Bench-pass-2026';

/**
 * The app with the demo shop seeded and a bare Fastify route, in one process (storefront-server.mjs),
 * on the embedded database or (`driver: 'postgres'`) on a throw-away PostgreSQL started here.
 * `scale: { orders, products, events?, variants? }` also generates the scale shop (`/s/scale`,
 * scale@linkstore.local) before it listens — 100,000 orders take the better part of a minute — and
 * `scale: true` the sizes of BENCH_SCALE_ORDERS / BENCH_SCALE_PRODUCTS / BENCH_SCALE_VARIANTS
 * (default 100,000 / 1,000 / 30 variants per generated product); without it there
 * is none. `databaseUrl`: a PostgreSQL the caller runs (and stops) instead of a throw-away one.
 * Resolves with the ports, the driver, `scale` (what was generated, or null) and stop().
 */
export async function startServers({ driver = 'pglite', scale = false, databaseUrl } = {}) {
  const sizes =
    scale === true
      ? { orders: SCALE_ORDERS, products: SCALE_PRODUCTS, variants: SCALE_VARIANTS }
      : scale || { orders: 0, products: 0 };
  const postgres = driver === 'postgres' && !databaseUrl ? await startPostgres() : undefined;
  const url = databaseUrl ?? postgres?.url;
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts/bench/storefront-server.mjs')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        BENCH_SCALE_ORDERS: String(sizes.orders),
        BENCH_SCALE_PRODUCTS: String(sizes.products),
        BENCH_SCALE_EVENTS: String(sizes.events ?? 0),
        BENCH_SCALE_VARIANTS: String(sizes.variants ?? 1),
        ...(url ? { BENCH_DATABASE_URL: url } : {}),
      },
    },
  );
  const ports = await new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`storefront bench server exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  }).catch(async (error) => {
    await postgres?.stop();
    throw error;
  });
  return {
    ...ports,
    async stop() {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await postgres?.stop();
    },
  };
}

async function load(url, headers = {}) {
  const run = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
    pipelining: 1,
  });
  return {
    // All requests over the run's own length: a short run's per-second samples can miss a tick.
    requestsPerSecond: Math.round(run.requests.total / run.duration),
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    errors: run.errors + run.non2xx,
  };
}

/**
 * `GET /s/demo` (the shop page's HTML with its tags and first page of data) next to a bare route
 * serving the same bytes (`/copy/s/demo`), like the JSON reads.
 */
async function benchHtml(servers) {
  const pageUrl = `http://127.0.0.1:${servers.app}/s/demo`;
  const bareUrl = `http://127.0.0.1:${servers.bare}/copy/s/demo`;
  const page = await fetch(pageUrl);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('id="storefront-data"')) {
    throw new Error(`GET /s/demo answered ${page.status} without the boot data`);
  }
  await autocannon({ url: pageUrl, connections: 8, duration: 2 });
  await autocannon({ url: bareUrl, connections: 8, duration: 2 });
  const shop = await load(pageUrl);
  const bare = await load(bareUrl);
  return {
    driver: servers.driver,
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    htmlBytes: Buffer.byteLength(html),
    shopPage: shop,
    bare,
    ratio: Math.round((shop.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000,
  };
}

/** A creator's access token, signed in through the real endpoint. */
async function signIn(servers, email) {
  const login = await fetch(`http://127.0.0.1:${servers.app}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  const token = (await login.json()).data?.accessToken;
  if (!token) throw new Error(`${email} could not sign in (${login.status})`);
  return token;
}

/** The studio's reads a creator opens most: orders, earnings, products, prices. */
const CREATOR_PATHS = {
  orders: '/api/v1/orders',
  earnings: '/api/v1/earnings',
  shopProducts: '/api/v1/shop/products?pageNum=1&pageSize=20',
  pricingProducts: '/api/v1/pricing/products?pageNum=1&pageSize=20',
};

/**
 * The storefront's JSON reads ("Show more", a category chip, a product, its reviews): each next
 * to a bare Fastify route serving the very same bytes, in the same run. Then the creator reads of
 * the demo creator (a dozen orders) and, when generated, of the scale creator (a year of orders),
 * each with its one-request-at-a-time latency as well.
 */
async function benchJson(servers) {
  const app = `http://127.0.0.1:${servers.app}`;
  const first = await (await fetch(`${app}/api/v1/public/shops/demo/page`)).json();
  const category = first.data.categories[0]?.id;
  const product = first.data.products.list[0]?.id;
  const paths = {
    pageData: '/api/v1/public/shops/demo/page',
    productsPage2: '/api/v1/public/shops/demo/products?pageNum=2&pageSize=24',
    categoryPage1: `/api/v1/public/shops/demo/products?pageNum=1&pageSize=24&categoryId=${category}`,
    product: `/api/v1/public/shops/demo/products/${product}`,
    reviews: `/api/v1/public/shops/demo/products/${product}/reviews?pageNum=1&pageSize=10`,
  };
  const reads = await benchReads(servers, paths, {});
  const creatorReads = await benchReads(servers, CREATOR_PATHS, {
    authorization: `Bearer ${await signIn(servers, 'demo@linkstore.local')}`,
  });
  const scaleCreatorReads = servers.scale
    ? await benchReads(servers, CREATOR_PATHS, {
        authorization: `Bearer ${await signIn(servers, 'scale@linkstore.local')}`,
      })
    : undefined;
  const scaleReads = servers.scale ? await benchReads(servers, await scalePaths(app), {}) : undefined;
  return {
    driver: servers.driver,
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    reads,
    creatorReads,
    ...(scaleCreatorReads ? { scale: servers.scale, scaleCreatorReads } : {}),
    ...(scaleReads ? { scaleReads } : {}),
  };
}

/**
 * The storefront's public reads on the scale shop (1,000 products of up to 30 variants, issue
 * 33): its page data, a products page, and the product with the most variants among the first
 * pages' (30 when generated with BENCH_SCALE_VARIANTS=30) with its options and variants.
 */
async function scalePaths(app) {
  const base = '/api/v1/public/shops/scale';
  const paths = { pageData: `${base}/page`, productsPage2: `${base}/products?pageNum=2&pageSize=24` };
  let most = { id: undefined, variants: 0 };
  for (const pageNum of [1, 2]) {
    const page = await (await fetch(`${app}${base}/products?pageNum=${pageNum}&pageSize=24`)).json();
    for (const item of page.data?.list ?? []) {
      if (most.variants >= SCALE_VARIANTS) break;
      const detail = await (await fetch(`${app}${base}/products/${item.id}`)).json();
      const count = detail.data?.variants?.length ?? 0;
      if (count > most.variants) most = { id: item.id, variants: count };
    }
  }
  if (most.id === undefined) throw new Error('the scale shop lists no product');
  return { ...paths, [`productWith${most.variants}Variants`]: `${base}/products/${most.id}` };
}

/** Until the health probe (a database round trip) answers within 20 ms, at most 15 s. */
async function settle(app) {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const started = performance.now();
    await (await fetch(`${app}/api/health`)).arrayBuffer();
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `count` requests one after another on one connection: p50 and p95 of their times, in ms. */
async function sequential(url, headers, count = SEQUENTIAL) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { requests: count, p50Ms: at(0.5), p95Ms: at(0.95) };
}

/** Each path next to a bare route serving the same bytes (asked with the same headers). */
async function benchReads(servers, paths, headers) {
  const app = `http://127.0.0.1:${servers.app}`;
  const rows = {};
  for (const [name, path] of Object.entries(paths)) {
    // The first request (nothing cached yet), then one at a time: what a lone reader waits —
    // once the previous load's queue has drained (the embedded database answers one at a time).
    await settle(app);
    const started = performance.now();
    const res = await fetch(`${app}${path}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    const firstMs = Math.round((performance.now() - started) * 10) / 10;
    const oneAtATime = { firstMs, ...(await sequential(`${app}${path}`, headers)) };
    const bareUrl = `http://127.0.0.1:${servers.bare}/copy${path}`;
    // Each phase starts once the one before has drained: requests still queued for the embedded
    // database (which runs in the same process as the bare route) would stall the next one.
    await autocannon({ url: `${app}${path}`, headers, connections: 8, duration: 2 });
    await settle(app);
    await autocannon({ url: bareUrl, headers, connections: 8, duration: 2 });
    await settle(app);
    const answer = await load(`${app}${path}`, headers);
    await settle(app);
    const bare = await load(bareUrl, headers);
    rows[name] = {
      path,
      bytes,
      app: answer,
      oneAtATime,
      bare,
      ratio: Math.round((answer.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000,
    };
  }
  return rows;
}

/** Asks once for every size of the images the shop page preloads, as a first visit would. */
async function warmPreloadedImages(app) {
  const html = await (await fetch(`${app}/s/demo`)).text();
  const sets = [...html.matchAll(/imageSrcSet="([^"]+)"/gi)].map((m) => m[1]);
  const urls = sets.flatMap((set) => set.split(',').map((part) => part.trim().split(/\s+/)[0]));
  for (const url of urls) await (await fetch(`${app}${url.replace(/&amp;/g, '&')}`)).arrayBuffer();
}

/**
 * A buyer's first visit to `/s/demo` on a 360×640 phone over Fast 3G with the CPU slowed 4×
 * (CDP): every script the page loads (gzipped as sent), when the storefront has rendered, and its
 * first contentful paint, largest contentful paint and cumulative layout shift.
 */
async function benchPage(servers, { warmImages = process.env.BENCH_WARM_IMAGES !== '0' } = {}) {
  // A stored image's sizes for srcset are made on their first request and kept for good (decision
  // 0034): a shop visited before has them. BENCH_WARM_IMAGES=0 measures a shop's first visit ever.
  if (warmImages) await warmPreloadedImages(`http://127.0.0.1:${servers.app}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await page.addInitScript(PAINT_OBSERVERS);
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    const started = Date.now();
    await page.goto(`http://127.0.0.1:${servers.app}/s/demo`, { waitUntil: 'load' });
    // Rendered: the shop's products are in the mount point (from the server, or put there by the app).
    await page.locator('#storefront .sf-grid > li').first().waitFor();
    const renderedMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    // LCP is final once the page has been interacted with or hidden: read it after a quiet moment.
    await page.waitForTimeout(1000);
    const paint = await page.evaluate(() => {
      const [entry] = performance.getEntriesByName('first-contentful-paint');
      const { lcp, cls, lcpOf } = globalThis.__benchPaint;
      return { fcp: entry ? entry.startTime : null, lcp, cls, lcpOf };
    });
    const files = [...scripts.entries()].map(([url, f]) => ({ path: new URL(url).pathname, ...f }));
    const jsGzipBytes = files.reduce((n, f) => n + f.gzip, 0);
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      network: 'Fast 3G (562.5 ms, 1.6 Mbps down, 750 kbps up)',
      viewport: '360x640',
      jsFiles: files.length,
      jsRawBytes: files.reduce((n, f) => n + f.raw, 0),
      jsGzipBytes,
      budgetBytes: JS_BUDGET_BYTES,
      withinBudget: jsGzipBytes <= JS_BUDGET_BYTES,
      firstContentfulPaintMs: paint.fcp === null ? null : Math.round(paint.fcp),
      largestContentfulPaintMs: paint.lcp === null ? null : Math.round(paint.lcp),
      lcpTargetMs: LCP_TARGET_MS,
      withinLcpTarget: paint.lcp !== null && paint.lcp <= LCP_TARGET_MS,
      cumulativeLayoutShift: Math.round(paint.cls * 10000) / 10000,
      /** What the largest paint was: the element and, for an image, its address. */
      largestContentfulPaintOf: paint.lcpOf,
      renderedMs,
      files,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The shop page's figures per database (`drivers`, both by default): `html` (server throughput),
 * `json` (the storefront's JSON reads and the creator reads, demo and scale creator) and, on the
 * embedded database only, `page` (browser) — one seeded server per database for all of them.
 * `figures.storefront.{pglite,postgres}.{html,json,page?}`.
 */
export async function benchStorefront({
  html = true,
  page = true,
  json = true,
  drivers = ['pglite', 'postgres'],
  scale = true,
} = {}) {
  if (page && drivers.includes('pglite')) await ensureWebBuild();
  const figures = {};
  for (const driver of drivers) {
    const servers = await startServers({ driver, scale: json && scale });
    try {
      // The browser first: a buyer's visit soon after start, before the load has warmed anything.
      const pageFigures = page && driver === 'pglite' ? await benchPage(servers) : undefined;
      const htmlFigures = html ? await benchHtml(servers) : undefined;
      const jsonFigures = json ? await benchJson(servers) : undefined;
      figures[driver] = {
        ...(htmlFigures ? { html: htmlFigures } : {}),
        ...(jsonFigures ? { json: jsonFigures } : {}),
        ...(pageFigures ? { page: pageFigures } : {}),
      };
    } finally {
      await servers.stop();
    }
  }
  return figures;
}
