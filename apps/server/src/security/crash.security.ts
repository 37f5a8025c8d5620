import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@linkstore/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertSimpleProducts } from '../modules/catalog/catalog.api';
import { productVariants } from '../modules/catalog/catalog.table';
import { ledgerEntries } from '../modules/earnings/earnings.table';
import { sweepCheckouts } from '../modules/orders/checkout.routes';
import { orderItems, orders } from '../modules/orders/orders.table';
import { payments, sandboxOrders } from '../modules/payments/payments.table';
import { reconcile } from '../modules/reconciliation/reconciliation.api';
import { shops } from '../modules/shops/shops.table';
import { openDatabase, pgliteDir, type DatabaseHandle } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { runSeed } from '../seed';
import { addSubcategory } from '../test/catalog-kit';
import { buildApp } from '../app';
import { copyTemplateDatabase, testConfig } from '../test/helper';
import { TEST_SEED_PASSWORD } from '../test/test-database';
import { createUser } from '../test/users';
import { recordFigures } from './figures';
import { SERVER_NODE_ARGS } from '../../../../scripts/lib/server-build.mjs';

/**
 * The crash part (issue 15, docs/security.md "Crashes"): the real API as a child process, killed
 * with SIGKILL at seeded random moments while buyers check out, approve on the sandbox and
 * capture, several at once; restarted each time, the buyers carrying on as a browser would
 * (retrying what failed with the same checkout key, order number and token). Afterwards the
 * reservation sweep and the reconciliation run, and nothing acknowledged is lost, nothing is
 * credited twice and nothing is left stuck.
 */

const BUYERS = 300;
const PARALLEL = 10;
const KILLS = 5;
/** Answers the random run gets at least, about: checkouts + approvals + captures (≈ 720). */
const EXPECTED_ANSWERS = 750;
const SHOP = 'crash-shop';
const SEED = Number(process.env.SECURITY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Figures {
  requests: number;
  networkErrors: number;
  byStatus: Record<string, number>;
  restartMs: number[];
}

/** The API process, restartable on the same port and database. */
function apiProcess(env: Record<string, string>, port: number) {
  let child: ChildProcess | undefined;
  let output = '';
  async function start(): Promise<number> {
    const began = Date.now();
    output = '';
    const started = spawn(process.execPath, SERVER_NODE_ARGS, {
      env: { PATH: process.env.PATH, PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const until = Date.now() + 60_000;
    while (!output.includes('is running')) {
      if (started.exitCode !== null || Date.now() > until) {
        throw new Error(`the API did not start (exit ${started.exitCode}):\n${output.slice(-3000)}`);
      }
      await sleep(50);
    }
    return Date.now() - began;
  }
  async function stop(signal: NodeJS.Signals): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  }
  return { start, stop };
}

type Answer = { status: number; body: { code?: string; data?: unknown } } | { error: string };

interface Plan {
  i: number;
  key: string;
  items: { productId: string; quantity: number }[];
  abandon?: 'afterCheckout' | 'afterApproval' | undefined;
}

interface Outcome {
  orderNo?: string;
  acknowledged: boolean;
  /** Acknowledged after at least one of its requests failed (no answer or a 5xx). */
  recovered: boolean;
  refused?: string;
  stuck?: string;
  abandoned?: 'afterCheckout' | 'afterApproval';
  /** Its capture was cut by a crash and the buyer did not try again. */
  gaveUp?: boolean;
}

const onPostgres = inject('testDatabase').kind === 'postgres';

describe('crash: the API killed with SIGKILL during checkouts and captures', () => {
  // Two streams, so the random run's plan is the same whether or not the kill points ran first.
  const plansRandom = generator(SEED);
  const pointsRandom = generator(SEED + 1);
  const began = Date.now();
  let database: DatabaseHandle | undefined;
  let dropDatabase: () => Promise<void> = () => Promise.resolve();
  let dataDir = '';
  let serverEnv: Record<string, string> = {};
  let api: ReturnType<typeof apiProcess>;
  let base = '';
  const productIds: number[] = [];
  const initialStock = new Map<number, number>();
  const figures: Figures = { requests: 0, networkErrors: 0, byStatus: {}, restartMs: [] };
  const outcomes: Outcome[] = [];
  let kills = 0;
  let onSend: () => void = () => undefined;
  /** Requests answered (any status): the kill plan counts these, so kills land amid traffic. */
  let answered = 0;
  /** When the API last finished starting; a client gives up only long after that. */
  let upSince = Date.now();
  let down = false;

  /** The database the API uses, opened here for the fixtures and, afterwards, the checks. */
  async function openHere(): Promise<DatabaseHandle> {
    return serverEnv.DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: serverEnv.DATABASE_URL, poolSize: 2 })
      : openDatabase({ kind: 'pglite', dataDir: pgliteDir(dataDir) });
  }

  async function send(path: string, body: object, ip: string): Promise<Answer> {
    figures.requests += 1;
    onSend();
    try {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const answer = { status: res.status, body: (await res.json()) as { code?: string; data?: unknown } };
      figures.byStatus[res.status] = (figures.byStatus[res.status] ?? 0) + 1;
      answered += 1;
      return answer;
    } catch (error) {
      figures.networkErrors += 1;
      return { error: String(error) };
    }
  }

  /**
   * Sends the same request until an answer a browser would not retry: no answer or a 5xx is
   * retried while the API restarts and up to 30 s after it is up again, `retryOn` codes for 10 s
   * (the buyer trying again "shortly", as the message asks). Answers the last answer and how
   * many attempts failed.
   */
  async function untilAnswered(path: string, body: object, ip: string, retryOn: string[] = []) {
    let failed = 0;
    const startedAt = Date.now();
    let pause = 100;
    for (;;) {
      const answer = await send(path, body, ip);
      const failure = 'error' in answer || answer.status >= 500;
      const again = !failure && retryOn.includes(String(answer.body.code));
      if (!failure && !again) return { answer, failed };
      failed += 1;
      const since = failure ? Math.max(startedAt, upSince) : startedAt;
      const waited = Date.now() - since;
      if (Date.now() - startedAt > 120_000 || (!(failure && down) && waited > (failure ? 30_000 : 10_000))) {
        return { answer, failed };
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 1_000);
    }
  }

  const ipOf = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const tokenOf = (approveUrl: string) => new URL(approveUrl, base).searchParams.get('token') ?? '';
  const describeAnswer = (a: Answer) => ('error' in a ? a.error : `${a.status} ${a.body.code}`);

  function checkoutBody(plan: Plan) {
    return {
      checkoutKey: plan.key,
      shop: SHOP,
      email: `crash-buyer-${plan.i}@example.com`,
      address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
      items: plan.items,
      language: 'en',
    };
  }

  /** A buyer from checkout to the receipt, retrying what fails with the same key and order. */
  async function buyer(plan: Plan, failedBefore = 0): Promise<Outcome> {
    const ip = ipOf(plan.i);
    // A browser retries a refusal for a while; ALREADY_PLACED (another shop's key) must not last.
    const placed = await untilAnswered('/api/v1/public/checkout', checkoutBody(plan), ip, [
      ErrorCode.ALREADY_PLACED,
    ]);
    let recovered = failedBefore + placed.failed > 0;
    const a = placed.answer;
    if ('error' in a || a.status !== 200) {
      // Out of stock is an honest answer; anything else after all retries is stuck.
      if (!('error' in a) && a.body.code === ErrorCode.OUT_OF_STOCK) {
        return { acknowledged: false, recovered, refused: describeAnswer(a) };
      }
      return { acknowledged: false, recovered, stuck: `checkout ${plan.key}: ${describeAnswer(a)}` };
    }
    const { orderNo, approveUrl } = a.body.data as { orderNo: string; approveUrl: string };
    if (plan.abandon === 'afterCheckout')
      return { orderNo, acknowledged: false, recovered, abandoned: plan.abandon };
    const token = tokenOf(approveUrl);
    const approved = await untilAnswered(`/api/v1/public/sandbox/orders/${token}/approve`, {}, ip);
    recovered ||= approved.failed > 0;
    if ('error' in approved.answer || approved.answer.status !== 200) {
      return {
        orderNo,
        acknowledged: false,
        recovered,
        stuck: `approve ${orderNo}: ${describeAnswer(approved.answer)}`,
      };
    }
    if (plan.abandon === 'afterApproval')
      return { orderNo, acknowledged: false, recovered, abandoned: plan.abandon };
    return captureOf(orderNo, token, ip, recovered);
  }

  async function captureOf(
    orderNo: string,
    token: string,
    ip: string,
    recoveredBefore: boolean,
  ): Promise<Outcome> {
    const captured = await untilAnswered('/api/v1/public/checkout/capture', { orderNo, token }, ip);
    const recovered = recoveredBefore || captured.failed > 0;
    const c = captured.answer;
    if ('error' in c || c.status !== 200 || (c.body.data as { status: number }).status !== 1) {
      return { orderNo, acknowledged: false, recovered, stuck: `capture ${orderNo}: ${describeAnswer(c)}` };
    }
    return { orderNo, acknowledged: true, recovered };
  }

  function newPlan(i: number, random = plansRandom): Plan {
    const count = random.next() < 0.3 ? 2 : 1;
    const picked = new Set<number>();
    while (picked.size < count) picked.add(productIds[random.int(0, productIds.length - 1)] ?? 0);
    const fate = random.next();
    return {
      i,
      key: `crash-${SEED}-${i}-${random.int(0, 1e9)}`.padEnd(16, '0').slice(0, 64),
      items: [...picked].map((id) => ({ productId: String(id), quantity: random.int(1, 3) })),
      abandon: fate < 0.1 ? 'afterCheckout' : fate < 0.15 ? 'afterApproval' : undefined,
    };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkstore-crash-'));
    const copy = await copyTemplateDatabase();
    serverEnv = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'fatal',
      SEED_DEMO: 'false',
      SEED_PASSWORD: TEST_SEED_PASSWORD,
      PAYMENT_PROVIDER: 'sandbox',
      // Every buyer has an address of their own (X-Forwarded-For), as browsers do.
      TRUST_PROXY: 'true',
      JWT_SECRET: 'crash-part-secret-crash-part-secret-0123',
      ...(copy ? { DATABASE_URL: copy.url } : {}),
    };
    if (copy) dropDatabase = copy.drop;
    const here = await openHere();
    database = here;
    if (!copy) {
      // PGlite: a data folder of its own, migrated and seeded as the server's first start does.
      await runMigrations(here);
      await runSeed(here.db, { seedPassword: TEST_SEED_PASSWORD });
    }
    const db = here.db;
    const ownerUserId = await createUser(db, { username: 'crash-owner' });
    await db.insert(shops).values({ ownerUserId, slug: SHOP, name: 'Crash Corner', defaultPercentage: 150 });
    const categoryId = await addSubcategory(db, 'Crash');
    // One scarce product, so buyers meet "out of stock" while abandoned orders hold stock.
    for (const [i, stock] of [60, 500, 500, 500, 500, 500].entries()) {
      const [row] = await insertSimpleProducts(db, [
        { categoryId, title: `Crash thing ${i}`, platformPriceMinor: 500 + i * 137, stock },
      ]);
      if (!row) throw new Error('product not inserted');
      productIds.push(row.id);
      initialStock.set(row.id, stock);
    }
    // PGlite has one user: the API opens the folder, this process stays out until the end.
    if (!copy) {
      await here.close();
      database = undefined;
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = apiProcess(serverEnv, port);
    figures.restartMs.push(await api.start());
  });

  afterAll(async () => {
    await api?.stop('SIGKILL');
    await database?.close().catch(() => undefined);
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * PostgreSQL only (PGlite has one connection): the crash at a chosen point. A lock on `table`
   * holds the API's next write to it; the API is killed while it waits, and its waiting statement
   * ended, so the crash comes just before that write. Then the API starts again.
   */
  async function killBefore(table: string, request: () => Promise<Answer>): Promise<Answer> {
    const here = database;
    if (!here || here.raw.kind !== 'postgres') throw new Error('kill points need PostgreSQL');
    const client = await here.raw.pool.connect();
    try {
      await client.query('begin');
      await client.query(`lock table ${table} in exclusive mode`);
      const pending = request();
      // The API's backend waiting for the lock (while its statement is still being parsed, so
      // pg_stat_activity does not show that statement yet).
      const waiting = `select pid from pg_locks where relation = '${table}'::regclass and not granted`;
      const until = Date.now() + 20_000;
      while ((await client.query(waiting)).rowCount === 0) {
        if (Date.now() > until) {
          const seen = await client.query(
            `select wait_event_type, state, left(query, 80) as query from pg_stat_activity where datname = current_database()`,
          );
          throw new Error(
            `the API never waited on ${table}: ${JSON.stringify(seen.rows)} ${JSON.stringify(await Promise.race([pending, sleep(100)]))}`,
          );
        }
        await sleep(10);
      }
      down = true;
      await api.stop('SIGKILL');
      kills += 1;
      await client.query(`select pg_terminate_backend(pid) from (${waiting}) w`);
      await client.query('rollback');
      const lost = await pending;
      figures.restartMs.push(await api.start());
      upSince = Date.now();
      down = false;
      return lost;
    } finally {
      client.release();
    }
  }

  /** The sandbox token of an order's payment (what its approval address carries). */
  async function tokenFor(orderNo: string): Promise<string> {
    const found = await database?.db
      .select({ providerOrderId: payments.providerOrderId })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.orderNo, orderNo));
    return found?.[0]?.providerOrderId ?? '';
  }

  it.skipIf(!onPostgres)('recovers from a crash at each point of a checkout and its capture', async () => {
    const points: Outcome[] = [];
    // 1. Checkout: the order placed (stock reserved) and its payment started at the provider; the
    // crash comes before the payment is recorded. The buyer sends the same checkout again.
    const plan = { ...newPlan(10_001, pointsRandom), abandon: undefined };
    const cut = await killBefore('payments', () =>
      send('/api/v1/public/checkout', checkoutBody(plan), ipOf(plan.i)),
    );
    expect(cut).toHaveProperty('error');
    points.push(await buyer(plan, 1));

    /** An approved order whose capture is cut after the provider took the money. */
    async function cutCapture(n: number) {
      const approved = await buyer({ ...newPlan(n, pointsRandom), abandon: 'afterApproval' });
      expect(approved.orderNo, approved.stuck).toBeDefined();
      const orderNo = approved.orderNo ?? '';
      const token = await tokenFor(orderNo);
      const lost = await killBefore('ledger_entries', () =>
        send('/api/v1/public/checkout/capture', { orderNo, token }, ipOf(n)),
      );
      expect(lost).toHaveProperty('error');
      return { orderNo, token };
    }
    // 2. Capture: the money taken at the provider, the crash before the order is paid and
    // credited. The buyer sends the capture again.
    const retried = await cutCapture(10_002);
    points.push(await captureOf(retried.orderNo, retried.token, ipOf(10_002), true));
    // 3. The same, but the buyer gives up (closes the tab): the sweep must finish what they asked
    // for, or money is taken for an unpaid order (checked after the sweep, in the next test).
    const gaveUp = await cutCapture(10_003);
    outcomes.push({ orderNo: gaveUp.orderNo, acknowledged: false, recovered: false, gaveUp: true });
    outcomes.push(...points);
    expect(points.map((p) => p.stuck ?? 'ok')).toEqual(points.map(() => 'ok'));
    expect(points.every((p) => p.acknowledged && p.recovered)).toBe(true);
  });

  it('loses no acknowledged order, credits none twice and leaves nothing stuck', async () => {
    const trafficBegan = Date.now();
    // The kill plan: after which answer each kill comes (a request then sent), and how long after.
    const first = answered;
    const killAt = Array.from(
      { length: KILLS },
      () => first + plansRandom.int(40, EXPECTED_ANSWERS - 150),
    ).sort((a, b) => a - b);
    const killDelayMs = killAt.map(() => plansRandom.int(0, 60));
    let planned = 0;
    let restarting: Promise<void> | undefined;
    const chaos: Promise<void>[] = [];
    onSend = () => {
      if (planned >= KILLS || restarting || answered < (killAt[planned] ?? Infinity)) return;
      const delay = killDelayMs[planned] ?? 0;
      planned += 1;
      restarting = (async () => {
        await sleep(delay);
        down = true;
        await api.stop('SIGKILL');
        kills += 1;
        figures.restartMs.push(await api.start());
        upSince = Date.now();
        down = false;
        restarting = undefined;
      })();
      chaos.push(restarting);
    };

    const plans = Array.from({ length: BUYERS }, (_, i) => newPlan(i));
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < plans.length) {
          const plan = plans[next++];
          if (plan) outcomes.push(await buyer(plan));
        }
      }),
    );
    await Promise.all(chaos);
    onSend = () => undefined;
    const trafficMs = Date.now() - trafficBegan;

    // After the last restart the API stops (PGlite has one user) and its jobs run here.
    await api.stop('SIGTERM');
    database ??= await openHere();
    const db = database.db;
    // Time passes: every reservation and every buyer's claim of an unpaid order runs out. Then
    // the sweep runs as the server runs it, and the reconciliation.
    await db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(orders.status, 0), isNotNull(orders.reservedUntil)));
    await db
      .update(orders)
      .set({ payingSince: sql`now() - interval '10 minutes'` })
      .where(and(eq(orders.status, 0), isNotNull(orders.payingSince)));
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
    const swept = await sweepCheckouts(app).finally(() => app.close());
    const reconciliation = await reconcile(db);

    const acknowledged = outcomes.filter((o) => o.acknowledged);
    const shop = (await db.select({ id: shops.id }).from(shops).where(eq(shops.slug, SHOP)))[0];
    const allOrders = await db
      .select()
      .from(orders)
      .where(eq(orders.shopId, shop?.id ?? 0));
    const byNo = new Map(allOrders.map((o) => [o.orderNo, o]));
    const sales = await db
      .select({
        orderId: ledgerEntries.orderId,
        n: sql<number>`count(*)::int`.mapWith(Number),
        amount: sql<number>`sum(${ledgerEntries.amountMinor})::int`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'sale'))
      .groupBy(ledgerEntries.orderId);
    const saleOf = new Map(sales.map((s) => [s.orderId, s]));
    const paymentOf = new Map((await db.select().from(payments)).map((p) => [p.orderId, p]));
    const captures = (await db.select().from(sandboxOrders)).filter((s) => s.captureId !== null);

    // 0 acknowledged orders lost: paid, its payment completed, one sale credit of its profit.
    const lost = acknowledged.flatMap((o) => {
      const order = byNo.get(o.orderNo ?? '');
      const payment = order && paymentOf.get(order.id);
      const sale = order && saleOf.get(order.id);
      const kept =
        order?.status === 1 &&
        payment?.status === 'COMPLETED' &&
        payment.captureId !== null &&
        sale?.n === 1 &&
        sale.amount === order.profitMinor;
      return kept ? [] : [o.orderNo];
    });
    // 0 double credits or captures; no buyer got two orders out of one checkout.
    const doubleCredits = sales.filter((s) => s.n > 1);
    const capturedTwice = captures.length - new Set(captures.map((s) => s.reference)).size;
    const buyersWithTwo = allOrders.length - new Set(allOrders.map((o) => o.buyerEmail)).size;
    // Money taken is an order paid with that capture, and a paid order has its capture.
    const paidOrders = allOrders.filter((o) => o.status === 1);
    const capturedNotPaid = captures.filter((s) => byNo.get(s.reference ?? '')?.status !== 1);
    const paidNotCaptured = paidOrders.filter((o) => {
      const capture = captures.find((s) => s.reference === o.orderNo);
      return !capture || paymentOf.get(o.id)?.captureId !== capture.captureId;
    });
    // Nothing stuck: no reservation or buyer's claim left on an unpaid order; no buyer gave up.
    const unpaid = allOrders.filter((o) => o.status === 0);
    const stillReserved = unpaid.filter((o) => o.reservedUntil !== null);
    const stillClaimed = unpaid.filter((o) => o.payingSide !== null);
    const stuck = outcomes.filter((o) => o.stuck);
    // Stock: what the paid orders took and nothing else, never below zero.
    const items = await db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, paidOrders.length ? paidOrders.map((o) => o.id) : [0]));
    const stockNow = await db
      .select({ id: productVariants.productId, stock: productVariants.stock })
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds));
    const stockErrors = stockNow.flatMap((p) => {
      const sold = items.filter((i) => i.productId === p.id).reduce((n, i) => n + i.quantity, 0);
      const expected = (initialStock.get(p.id) ?? 0) - sold;
      return p.stock === expected && p.stock >= 0
        ? []
        : [`product ${p.id}: stock ${p.stock}, expected ${expected}`];
    });

    const report = {
      seed: SEED,
      database: serverEnv.DATABASE_URL ? 'postgres' : 'pglite',
      kills,
      randomKillsAfterRequest: killAt,
      buyers: outcomes.length,
      parallel: PARALLEL,
      requests: figures.requests,
      networkErrors: figures.networkErrors,
      answersByStatus: figures.byStatus,
      ordersPlaced: allOrders.length,
      acknowledged: acknowledged.length,
      recovered: acknowledged.filter((o) => o.recovered).length,
      abandoned: outcomes.filter((o) => o.abandoned).length,
      outOfStock: outcomes.filter((o) => o.refused).length,
      releasedBySweep: swept.released,
      paidBySweep: swept.paid,
      gaveUpMidCapture: outcomes.filter((o) => o.gaveUp).length,
      reconciliationDifferences: reconciliation.differences.length,
      restartMs: figures.restartMs,
      trafficSeconds: Math.round(trafficMs / 100) / 10,
      seconds: Math.round((Date.now() - began) / 100) / 10,
    };
    recordFigures('crash', report);
    console.log(`crash part: ${JSON.stringify(report)}`);

    expect(kills).toBeGreaterThanOrEqual(5);
    expect(acknowledged.length).toBeGreaterThan(BUYERS / 2);
    expect(stuck.map((o) => o.stuck)).toEqual([]);
    expect(lost).toEqual([]);
    expect(doubleCredits).toEqual([]);
    expect(capturedTwice).toBe(0);
    expect(buyersWithTwo).toBe(0);
    expect(capturedNotPaid.map((s) => s.reference)).toEqual([]);
    expect(paidNotCaptured.map((o) => o.orderNo)).toEqual([]);
    // Paid: every acknowledged order, and those whose buyer gave up mid-capture (by the sweep).
    const mayBePaid = new Set(outcomes.filter((o) => o.acknowledged || o.gaveUp).map((o) => o.orderNo));
    expect(paidOrders.filter((o) => !mayBePaid.has(o.orderNo)).map((o) => o.orderNo)).toEqual([]);
    expect(stillReserved.map((o) => o.orderNo)).toEqual([]);
    expect(stillClaimed.map((o) => o.orderNo)).toEqual([]);
    expect(stockErrors).toEqual([]);
    expect(reconciliation.differences).toEqual([]);
  }, 240_000);
});
