// `npm run bench spike`: issue 16's spike scenario. Mixed storefront traffic from many buyers at
// rising concurrency against the app on a fresh database (PGlite, then a throw-away PostgreSQL),
// with 1 % of the buyers' actions a whole sandbox checkout; then the proof, read from the
// database, that every checkout acknowledged as paid is exactly one paid order, with one capture
// and one sale credit, and that stock never went below zero. See docs/operations.md, "Spike
// scenario".
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Pool } from 'undici';
import { freePort } from '../lib/process.mjs';
import { checkoutFigures } from './spike-checks.mjs';
import { startServers } from './storefront.mjs';

/** Seconds per concurrency step (10 by default: 6 steps, 60 s of traffic per database). */
const STEP_S = Number(process.env.BENCH_SPIKE_STEP_S ?? 10);
const CONNECTIONS = [8, 16, 32, 64, 128, 256];
const DRIVERS = (process.env.BENCH_SPIKE_DRIVERS ?? 'pglite,postgres').split(',').filter(Boolean);
/** A step "holds" its rate when its p99 is below this and nothing failed. */
const P99_LIMIT_MS = 100;
/** The targets for the held rate. */
const TARGET_RPS = { pglite: 1000, postgres: 3000 };
/** The low-stock product's stock before the traffic: far fewer than the checkouts that want it. */
const LOW_STOCK = 20;
/** A quarter of the checkouts want the low-stock product. */
const LOW_STOCK_SHARE = 0.25;
/** One checkout in ten is sent twice (a second tab) and captured twice (a reload of /payresult). */
const REPLAY_SHARE = 0.1;
/** Requests one buyer makes before the next buyer (another address) takes the connection. */
const VISIT_LENGTH = 20;
const EMAIL_DOMAIN = 'buyers.spike.example';
const SLUG = 'demo';

/**
 * What a buyer does next, with its weight (out of 100). A checkout is a whole flow: place the
 * order, open the sandbox's approval page, approve, capture.
 */
const MIX = [
  ['shopHtml', 12],
  ['pageData', 4],
  ['products', 24],
  ['category', 12],
  ['search', 6],
  ['product', 18],
  ['productHtml', 4],
  ['reviews', 10],
  ['events', 9],
  ['checkout', 1],
];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const hex = (bytes) => randomBytes(bytes).toString('hex');
const round = (n) => Math.round(n * 10) / 10;

function chooser(mix) {
  const total = mix.reduce((n, [, w]) => n + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [kind, weight] of mix) {
      r -= weight;
      if (r < 0) return kind;
    }
    return mix[mix.length - 1][0];
  };
}

let buyerCount = 0;
/** A new buyer: their own address (through the proxy the app trusts in this bench) and source. */
function newBuyer() {
  buyerCount += 1;
  const n = buyerCount;
  return {
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    source: pick(['instagram', 'tiktok', 'youtube', 'default']),
    left: VISIT_LENGTH,
  };
}

/** Per step: every request's latency, counts per kind, errors per kind and status. */
function recorder() {
  return { latencies: [], byKind: {}, errorsByKind: {}, errorStatuses: {}, errors: 0 };
}

/** The URLs the traffic draws from, read from the shop as a buyer's page would. */
async function discover(origin) {
  const get = async (path) => {
    const res = await fetch(`${origin}${path}`);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return (await res.json()).data;
  };
  const page = await get(`/api/v1/public/shops/${SLUG}/page`);
  const categories = page.categories.flatMap((c) => [c.id, ...c.children.map((child) => child.id)]);
  const products = [];
  for (let pageNum = 1; pageNum <= 4; pageNum += 1) {
    const list = (await get(`/api/v1/public/shops/${SLUG}/products?pageNum=${pageNum}&pageSize=24`)).list;
    products.push(...list);
    if (list.length < 24) break;
  }
  const words = [
    ...new Set(
      products
        .flatMap((p) => p.title.toLowerCase().split(/[^a-z]+/))
        .filter((word) => word.length >= 4)
        .slice(0, 40),
    ),
  ].slice(0, 8);
  if (categories.length === 0 || products.length < 10 || words.length === 0)
    throw new Error('the demo shop has too few categories, products or words for the spike');
  return { categories, productIds: products.map((p) => p.id), words };
}

function makeClient(origin, shop, mix, state) {
  const next = chooser(mix);
  const base = `/api/v1/public/shops/${SLUG}`;

  /** One request, timed and counted; `expected(status, body)` marks a refusal that is the right answer. */
  async function send(
    pool,
    rec,
    buyer,
    kind,
    { method = 'GET', path, body, headers = {}, expected, parse = false },
  ) {
    const started = performance.now();
    rec.byKind[kind] = (rec.byKind[kind] ?? 0) + 1;
    let status = 0;
    let text = '';
    try {
      const res = await pool.request({
        method,
        path,
        body,
        headers: {
          'x-forwarded-for': buyer.address,
          'accept-encoding': 'gzip, deflate, br',
          lang: 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      });
      status = res.statusCode;
      text = await res.body.text();
    } catch (error) {
      status = 0;
      text = String(error?.code ?? error);
    }
    rec.latencies.push(performance.now() - started);
    const ok = status >= 200 && status < 400;
    const json = parse || !ok ? safeJson(text) : undefined;
    if (!ok && !expected?.(status, json)) {
      rec.errors += 1;
      rec.errorsByKind[kind] = (rec.errorsByKind[kind] ?? 0) + 1;
      const key = status === 0 ? text : String(status);
      rec.errorStatuses[key] = (rec.errorStatuses[key] ?? 0) + 1;
    }
    return { ok, status, json };
  }

  const isOutOfStock = (status, json) => status === 409 && json?.code === 'A0611';

  function eventBatch(buyer) {
    const at = new Date().toISOString();
    const product = pick(shop.productIds);
    // Each event's own id, as the storefront makes them (decision 0037).
    const id = () => randomBytes(16).toString('base64url').slice(0, 22);
    const events = [
      { kind: 'view', id: id(), at },
      { kind: 'view', id: id(), productId: product, at },
    ];
    if (Math.random() < 0.5) events.push({ kind: 'click', id: id(), productId: pick(shop.productIds), at });
    if (Math.random() < 0.2) events.push({ kind: 'cart', id: id(), productId: product, at });
    return JSON.stringify({ shop: SLUG, userSource: buyer.source, pageSource: 'bio', events });
  }

  /** The buyer's checkout through the sandbox, as the storefront and /payauth, /payresult do it. */
  async function checkout(pool, rec, buyer) {
    const c = state.checkouts;
    c.attempted += 1;
    const low = Math.random() < LOW_STOCK_SHARE;
    const replay = Math.random() < REPLAY_SHARE;
    const checkoutKey = hex(16);
    const form = JSON.stringify({
      shop: SLUG,
      email: `buyer-${hex(6)}@${EMAIL_DOMAIN}`,
      address: {
        name: 'Sam Spike',
        line1: '1 Market Street',
        city: 'Springfield',
        // A US address names its state (its sales tax differs by it; decision 0056).
        region: 'IL',
        postalCode: '62701',
        countryCode: 'US',
      },
      items: [
        {
          productId: low ? shop.lowStockProductId : pick(shop.productIds),
          quantity: low ? 1 + Math.floor(Math.random() * 2) : 1,
        },
      ],
      checkoutKey,
      language: 'en',
      userSource: buyer.source,
      pageSource: 'bio',
    });
    const placed = await send(pool, rec, buyer, 'checkout', {
      method: 'POST',
      path: '/api/v1/public/checkout',
      body: form,
      headers: { 'idempotency-key': checkoutKey },
      expected: isOutOfStock,
      parse: true,
    });
    if (!placed.ok) {
      if (isOutOfStock(placed.status, placed.json)) c.outOfStock += 1;
      return;
    }
    c.placed += 1;
    const { orderNo, approveUrl } = placed.json.data;
    const token = new URL(approveUrl, 'http://payauth.invalid').searchParams.get('token');
    if (replay) {
      // A second tab: the same checkout key, no Idempotency-Key — the app's own dedupe answers.
      const again = await send(pool, rec, buyer, 'checkoutAgain', {
        method: 'POST',
        path: '/api/v1/public/checkout',
        body: form,
        parse: true,
      });
      c.replays += 1;
      if (again.ok && again.json?.data?.orderNo !== orderNo) c.replayMismatches += 1;
    }
    const sandbox = `/api/v1/public/sandbox/orders/${encodeURIComponent(token)}`;
    await send(pool, rec, buyer, 'approval', { path: sandbox });
    const approved = await send(pool, rec, buyer, 'approve', { method: 'POST', path: `${sandbox}/approve` });
    if (!approved.ok) return;
    const capture = JSON.stringify({ orderNo, token });
    const captured = await send(pool, rec, buyer, 'capture', {
      method: 'POST',
      path: '/api/v1/public/checkout/capture',
      body: capture,
      headers: { 'idempotency-key': hex(16) },
      parse: true,
    });
    if (captured.ok && captured.json?.data?.status === 1 && captured.json.data.orderNo === orderNo) {
      state.acknowledged.add(orderNo);
    }
    if (replay) {
      // A reload of /payresult: a new page, a new key; a paid order answers its receipt, uncharged.
      const again = await send(pool, rec, buyer, 'captureAgain', {
        method: 'POST',
        path: '/api/v1/public/checkout/capture',
        body: capture,
        headers: { 'idempotency-key': hex(16) },
        parse: true,
      });
      if (again.ok && (again.json?.data?.status !== 1 || again.json.data.orderNo !== orderNo))
        c.replayMismatches += 1;
    }
  }

  async function act(pool, rec, buyer) {
    const kind = next();
    switch (kind) {
      case 'shopHtml':
        return send(pool, rec, buyer, kind, {
          path: Math.random() < 0.5 ? `/s/${SLUG}` : `/s/${SLUG}?user_source=${buyer.source}&page_source=bio`,
        });
      case 'pageData':
        return send(pool, rec, buyer, kind, { path: `${base}/page` });
      case 'products':
        return send(pool, rec, buyer, kind, {
          path: `${base}/products?pageNum=${1 + Math.floor(Math.random() * 6)}&pageSize=24`,
        });
      case 'category':
        return send(pool, rec, buyer, kind, {
          path: `${base}/products?pageNum=${1 + Math.floor(Math.random() * 2)}&pageSize=24&categoryId=${pick(shop.categories)}`,
        });
      case 'search':
        return send(pool, rec, buyer, kind, {
          path: `${base}/products?pageNum=1&pageSize=24&keywords=${encodeURIComponent(pick(shop.words))}`,
        });
      case 'product':
        return send(pool, rec, buyer, kind, { path: `${base}/products/${pick(shop.productIds)}` });
      case 'productHtml':
        return send(pool, rec, buyer, kind, { path: `/s/${SLUG}/p/${pick(shop.productIds)}` });
      case 'reviews':
        return send(pool, rec, buyer, kind, {
          path: `${base}/products/${pick(shop.productIds)}/reviews?pageNum=${1 + Math.floor(Math.random() * 2)}&pageSize=10`,
        });
      case 'events':
        return send(pool, rec, buyer, kind, {
          method: 'POST',
          path: '/api/v1/public/events',
          body: eventBatch(buyer),
        });
      default:
        return checkout(pool, rec, buyer);
    }
  }

  /** `connections` buyers at a time for `seconds`: each connection's buyer acts, then the next. */
  async function step(connections, seconds) {
    const pool = new Pool(origin, {
      connections,
      pipelining: 1,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const rec = recorder();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        let buyer = newBuyer();
        while (performance.now() < deadline) {
          if (buyer.left === 0) buyer = newBuyer();
          buyer.left -= 1;
          await act(pool, rec, buyer);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await pool.close();
    const sorted = Float64Array.from(rec.latencies).sort();
    const at = (q) =>
      sorted.length === 0 ? 0 : round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
    return {
      connections,
      seconds: round(elapsed),
      requests: sorted.length,
      rps: Math.round(sorted.length / elapsed),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: round(sorted.at(-1) ?? 0),
      errors: rec.errors,
      byKind: rec.byKind,
      ...(rec.errors > 0 ? { errorsByKind: rec.errorsByKind, errorStatuses: rec.errorStatuses } : {}),
    };
  }

  return { step };
}

async function control(port, method, path, body) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 200) throw new Error(`spike hook ${path}: ${answer.error ?? res.status}`);
  return answer;
}

/** Polls the bench server's control port (it listens just after the app reports its ports). */
async function waitForControl(port) {
  for (let i = 0; i < 100; i += 1) {
    try {
      return await control(port, 'GET', '/database');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('the spike hooks of the bench server did not start');
}

/**
 * The bench server, started with the spike's hooks and TRUST_PROXY=true: buyers are told apart
 * by `X-Forwarded-For`, as behind the reverse proxy a deployment puts in front (docs/operations.md).
 */
async function startSpikeServers(driver) {
  const controlPort = await freePort();
  const vars = { BENCH_SPIKE: '1', BENCH_SPIKE_CONTROL_PORT: String(controlPort), TRUST_PROXY: 'true' };
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    // The bench server inherits this process's environment when it is spawned.
    return { ...(await startServers({ driver })), controlPort };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** The spike on one database: the rising steps, then the checks. */
async function spikeOn(driver) {
  const servers = await startSpikeServers(driver);
  try {
    const origin = `http://127.0.0.1:${servers.app}`;
    const database = await waitForControl(servers.controlPort);
    const shop = await discover(origin);
    // The low-stock product: one the traffic also reads, its stock cut to LOW_STOCK.
    shop.lowStockProductId = shop.productIds[0];
    await control(servers.controlPort, 'POST', '/stock', {
      productId: shop.lowStockProductId,
      stock: LOW_STOCK,
    });

    const state = {
      acknowledged: new Set(),
      checkouts: { attempted: 0, placed: 0, outOfStock: 0, replays: 0, replayMismatches: 0 },
    };
    // Warm-up (not reported): reads only, so every checkout and event batch counted is in a step.
    const reads = MIX.filter(([kind]) => kind !== 'checkout' && kind !== 'events');
    await makeClient(origin, shop, reads, state).step(8, Math.min(2, STEP_S));
    const client = makeClient(origin, shop, MIX, state);
    const steps = [];
    for (const connections of CONNECTIONS) {
      const row = await client.step(connections, STEP_S);
      steps.push(row);
      process.stderr.write(
        `  spike ${driver} ${connections} connections: ${row.rps} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.errors} errors\n`,
      );
    }
    const held = steps.filter((s) => s.p99Ms < P99_LIMIT_MS && s.errors === 0);
    const best = held.reduce((a, s) => (a && a.rps >= s.rps ? a : s), undefined);

    const checkInput = {
      emailLike: `%@${EMAIL_DOMAIN}`,
      lowStockProductId: shop.lowStockProductId,
      initialStock: LOW_STOCK,
      orderNos: [...state.acknowledged],
    };
    let figures;
    if (database.url) {
      // PostgreSQL: read it directly, from outside the server.
      const pgClient = new pg.Client({ connectionString: database.url });
      await pgClient.connect();
      try {
        figures = await checkoutFigures((text, params) => pgClient.query(text, params), checkInput);
      } finally {
        await pgClient.end();
      }
    } else {
      // PGlite: only the bench server process can open it.
      figures = await control(servers.controlPort, 'POST', '/checks', checkInput);
    }
    const reconciliation = await control(servers.controlPort, 'POST', '/reconcile');
    const failures = [...figures.failures];
    if (state.checkouts.replayMismatches > 0)
      failures.push(
        `${state.checkouts.replayMismatches} repeated checkouts or captures answered another order`,
      );
    if (reconciliation.differences > 0)
      failures.push(`reconciliation: ${reconciliation.differences} differences`);
    const db = Object.fromEntries(Object.entries(figures).filter(([key]) => key !== 'failures'));
    return {
      driver: servers.driver,
      stepSeconds: STEP_S,
      p99LimitMs: P99_LIMIT_MS,
      mix: Object.fromEntries(MIX),
      steps,
      heldRps: best?.rps ?? 0,
      heldAtConnections: best?.connections ?? null,
      targetRps: TARGET_RPS[driver],
      checkouts: {
        ...state.checkouts,
        acknowledged: state.acknowledged.size,
        ...db,
        reconciliationDifferences: reconciliation.differences,
        ...(reconciliation.differences > 0 ? { reconciliationFirst: reconciliation.first } : {}),
        exactlyOnce: failures.length === 0,
        failures,
      },
    };
  } finally {
    await servers.stop();
  }
}

/**
 * figures.spike.{pglite,postgres}: per step (connections) the rate, p50, p99, errors and the
 * count of each kind of request; the highest rate held with p99 < 100 ms and no error; and the
 * checkouts' proof. A failed proof sets the exit code (the figures are still written).
 */
export async function benchSpike() {
  const result = {};
  for (const driver of DRIVERS) {
    result[driver] = await spikeOn(driver);
    if (!result[driver].checkouts.exactlyOnce) {
      process.stderr.write(
        `spike ${driver}: checkouts NOT exactly once: ${result[driver].checkouts.failures.join('; ')}\n`,
      );
      process.exitCode = 1;
    }
  }
  return result;
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
