// `npm run bench dashboard`: the creator's dashboard at scale, on PostgreSQL, through the real HTTP
// API (issue 18). A throw-away PostgreSQL, the bench server (storefront-server.mjs) with the scale
// shop of BENCH_DASHBOARD_ORDERS orders and BENCH_DASHBOARD_EVENTS storefront events (default
// 1,000,000 / 10,000,000; BENCH_DASHBOARD_QUICK=1 for 100,000 / 1,000,000), or the database at
// BENCH_DASHBOARD_DATABASE_URL as `npm run seed:scale` left it (SEED_PASSWORD=Bench-pass-2026).
// Then, as the scale creator: p50/p95/p99 of the dashboard's cards and of every series × range, of
// the orders list's first page and of a deep page; and the ingestion rate of full 100-event
// batches through POST /api/v1/public/events.
//
// The ingestion's addresses: the server counts batches per address (60 a minute). The bench server
// runs with TRUST_PROXY=true — it believes `X-Forwarded-For`, as behind the reverse proxy a
// deployment puts in front (docs/operations.md) — and every batch comes from its own simulated
// address, so the limit is real but never reached, as with many buyers. The limiter still runs.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Pool } from 'undici';
import { startPostgres } from '../lib/postgres.mjs';
import { startServers } from './storefront.mjs';

const QUICK = process.env.BENCH_DASHBOARD_QUICK === '1';
const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? (QUICK ? 100_000 : 1_000_000));
const EVENTS = Number(process.env.BENCH_DASHBOARD_EVENTS ?? (QUICK ? 1_000_000 : 10_000_000));
const PRODUCTS = 1_000;
/** Requests measured per read, and how many at once (the machine has 2 cores). */
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 200);
const CONCURRENCY = 2;
const INGEST_SECONDS = Number(process.env.BENCH_DASHBOARD_INGEST_S ?? 10);
const INGEST_CONNECTIONS = 32;
const TZ = 'America/New_York';
const SERIES = ['earnings', 'clicks', 'sales', 'conversion'];
const RANGES = ['24h', '7d', 'month', 'year'];
/** Pages of 50 followed to reach the deep page of the orders list. */
const DEEP_PAGES = 200;
const PASSWORD = 'Bench-pass-2026';

const TARGETS = { dashboardP95Ms: 50, ordersP95Ms: 20, eventsPerSecond: 10_000 };

const round = (n) => Math.round(n * 10) / 10;
function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50Ms: round(at(50)), p95Ms: round(at(95)), p99Ms: round(at(99)), maxMs: round(sorted.at(-1)) };
}

/** `REQUESTS` GETs of `path`, CONCURRENCY at a time, after a warm-up: their latencies. */
async function measure(pool, path, headers) {
  const get = async () => {
    const started = performance.now();
    const res = await pool.request({ method: 'GET', path, headers });
    const body = await res.body.text();
    if (res.statusCode !== 200)
      throw new Error(`GET ${path} answered ${res.statusCode}: ${body.slice(0, 300)}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i += 1) await get();
  const times = [];
  let left = REQUESTS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left > 0) {
        left -= 1;
        times.push(await get());
      }
    }),
  );
  return { requests: times.length, concurrency: CONCURRENCY, ...percentiles(times) };
}

/** 100 events of the scale shop's products, each with its own id, as the storefront sends them. */
function eventBatch(productIds) {
  const at = new Date().toISOString();
  const bytes = randomBytes(16 * 100 + 200);
  const events = [];
  for (let i = 0; i < 100; i += 1) {
    const id = bytes
      .subarray(i * 16, i * 16 + 16)
      .toString('base64url')
      .slice(0, 22);
    const r = bytes[1600 + i];
    const kind = r < 180 ? 'view' : r < 236 ? 'click' : 'cart';
    events.push(
      r % 7 === 0
        ? { kind: 'view', id, at }
        : { kind, id, productId: String(productIds[(r * 131 + i) % productIds.length]), at },
    );
  }
  const sources = ['default', 'instagram', 'tiktok', 'youtube'];
  return JSON.stringify({ shop: 'scale', userSource: sources[bytes[1799] % 4], pageSource: 'bio', events });
}

/**
 * INGEST_CONNECTIONS clients posting full batches for INGEST_SECONDS, each batch from its own
 * address; then what the database holds: every accepted event written once, counted once.
 */
async function ingest(appUrl, query, shopId, productIds) {
  const pool = new Pool(appUrl, { connections: INGEST_CONNECTIONS, pipelining: 1 });
  let address = 0;
  const before = await query(
    `select (select count(*) from shop_events where shop_id = $1)::bigint as raw,
      (select coalesce(sum(count), 0) from event_rollups where shop_id = $1)::bigint as rolled`,
    [shopId],
  );
  let accepted = 0;
  let batches = 0;
  let refused = 0;
  const times = [];
  const started = performance.now();
  const deadline = started + INGEST_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: INGEST_CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        address += 1;
        const body = eventBatch(productIds);
        const t0 = performance.now();
        const res = await pool.request({
          method: 'POST',
          path: '/api/v1/public/events',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          },
          body,
        });
        const json = await res.body.json();
        times.push(performance.now() - t0);
        batches += 1;
        if (res.statusCode === 200) accepted += json.data.accepted;
        else refused += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  // The last batches are written by the next flushes: wait until the count stops moving.
  let last = -1;
  for (let waited = 0; waited < 60_000; waited += 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await query('select count(*)::bigint as n from shop_events where shop_id = $1', [shopId]);
    if (Number(now.n) === last) break;
    last = Number(now.n);
  }
  const after = await query(
    `select (select count(*) from shop_events where shop_id = $1)::bigint as raw,
      (select count(distinct event_id) from shop_events where shop_id = $1 and received_at >= now() - interval '10 minutes')::bigint as distinct_recent,
      (select count(*) from shop_events where shop_id = $1 and received_at >= now() - interval '10 minutes')::bigint as recent,
      (select coalesce(sum(count), 0) from event_rollups where shop_id = $1)::bigint as rolled`,
    [shopId],
  );
  const written = Number(after.raw) - Number(before.raw);
  return {
    seconds: round(seconds),
    connections: INGEST_CONNECTIONS,
    batches,
    batchesRefused: refused,
    eventsAccepted: accepted,
    eventsPerSecond: Math.round(accepted / seconds),
    batchLatency: percentiles(times),
    // What the database holds afterwards: each accepted event once, in the raw rows and roll-ups.
    eventsWritten: written,
    rolledUp: Number(after.rolled) - Number(before.rolled),
    writtenAreDistinct: Number(after.recent) === Number(after.distinct_recent),
    countedEventsPerSecond: Math.round(written / seconds),
  };
}

export async function benchDashboard() {
  const external = process.env.BENCH_DASHBOARD_DATABASE_URL;
  const postgres = external ? undefined : await startPostgres();
  const url = external ?? postgres.url;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async (text, values = []) => (await client.query(text, values)).rows[0];
  // Forwarded addresses believed (see above); no reuse of a reader's answers (PRIVATE_CACHE_MS):
  // a creator opens the dashboard once in a while, so every request here goes to the database.
  const vars = { TRUST_PROXY: 'true', PRIVATE_CACHE_MS: '0' };
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  let servers;
  try {
    servers = await startServers({
      driver: 'postgres',
      databaseUrl: url,
      scale: { orders: ORDERS, products: PRODUCTS, events: EVENTS },
    });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  try {
    // What autovacuum does after a bulk load (visibility map, statistics), before measuring.
    const vacuumStarted = performance.now();
    await client.query('vacuum analyze');
    const vacuumMs = Math.round(performance.now() - vacuumStarted);
    const sizes = await query(
      `select (select id from shops where slug = 'scale') as shop_id,
        (select count(*) from orders o join shops s on s.id = o.shop_id and s.slug = 'scale')::bigint as orders,
        (select count(*) from shop_events e join shops s on s.id = e.shop_id and s.slug = 'scale')::bigint as events,
        (select count(*) from event_rollups e join shops s on s.id = e.shop_id and s.slug = 'scale')::bigint as event_rollups,
        (select count(*) from order_rollups e join shops s on s.id = e.shop_id and s.slug = 'scale')::bigint as order_rollups,
        pg_total_relation_size('event_rollups') as event_rollups_bytes,
        (select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'shop_events'::regclass)::bigint as shop_events_bytes,
        (select count(*) from pg_inherits where inhparent = 'shop_events'::regclass)::int as partitions`,
    );
    const productIds = (
      await client.query(
        `select p.id from products p join shops s on s.slug = 'scale'
         where p.status = 1 and not exists (select 1 from shop_products sp
           where sp.shop_id = s.id and sp.product_id = p.id and sp.visible = 0)
         order by p.id limit 1000`,
      )
    ).rows.map((r) => Number(r.id));
    const appUrl = `http://127.0.0.1:${servers.app}`;
    const login = await fetch(`${appUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'scale@linkstore.local', password: PASSWORD }),
    });
    const token = (await login.json()).data?.accessToken;
    if (!token) throw new Error(`the scale creator could not sign in (${login.status})`);
    const headers = { authorization: `Bearer ${token}` };
    const pool = new Pool(appUrl, { connections: CONCURRENCY });
    const tz = encodeURIComponent(TZ);
    const dashboard = { summary: await measure(pool, `/api/v1/dashboard?tz=${tz}`, headers), series: {} };
    for (const series of SERIES) {
      for (const range of RANGES) {
        dashboard.series[`${series}/${range}`] = await measure(
          pool,
          `/api/v1/dashboard/series?series=${series}&range=${range}&tz=${tz}`,
          headers,
        );
      }
    }
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    dashboard.series['earnings/custom-366d'] = await measure(
      pool,
      `/api/v1/dashboard/series?series=earnings&range=custom&from=${yearAgo}&to=${today}&tz=${tz}`,
      headers,
    );
    const all = [dashboard.summary, ...Object.values(dashboard.series)];
    dashboard.worstP95Ms = Math.max(...all.map((r) => r.p95Ms));

    let cursor = null;
    for (let page = 0; page < DEEP_PAGES; page += 1) {
      const res = await pool.request({
        method: 'GET',
        path: `/api/v1/orders?pageSize=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers,
      });
      cursor = (await res.body.json()).data?.nextCursor ?? null;
      if (!cursor) break;
    }
    const orders = {
      firstPage: await measure(pool, '/api/v1/orders?pageSize=20', headers),
      deepPage: cursor
        ? {
            afterOrders: DEEP_PAGES * 50,
            ...(await measure(
              pool,
              `/api/v1/orders?pageSize=20&cursor=${encodeURIComponent(cursor)}`,
              headers,
            )),
          }
        : null,
    };
    await pool.close();
    const ingestion = await ingest(appUrl, query, Number(sizes.shop_id), productIds);
    return {
      driver: 'postgres',
      cpus: (await import('node:os')).cpus().length,
      targets: TARGETS,
      data: {
        orders: Number(sizes.orders),
        events: Number(sizes.events),
        eventRollups: Number(sizes.event_rollups),
        orderRollups: Number(sizes.order_rollups),
        eventRollupsMB: Math.round(Number(sizes.event_rollups_bytes) / 1048576),
        shopEventsMB: Math.round(Number(sizes.shop_events_bytes) / 1048576),
        shopEventPartitions: sizes.partitions,
        generated: servers.scale,
        vacuumMs,
      },
      timeZone: TZ,
      privateCacheMs: 0,
      dashboard,
      orders,
      ingestion,
    };
  } finally {
    await client.end();
    await servers.stop();
    await postgres?.stop();
  }
}
