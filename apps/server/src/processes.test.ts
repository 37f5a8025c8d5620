import { insertSimpleProducts } from './modules/catalog/catalog.api';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type IMessage } from '@stomp/stompjs';
import {
  ErrorCode,
  ONLINE_COUNT_TOPIC,
  type TCheckoutAnswer,
  type TOrderPaidNews,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { openDatabase, type DatabaseHandle } from './platform/db/database';
import { addSubcategory } from './test/catalog-kit';
import { copyTemplateDatabase } from './test/helper';
import { TEST_SEED_PASSWORD } from './test/test-database';
import { createUser } from './test/users';
import { shops } from './modules/shops/shops.table';
import { configs } from './modules/configs/configs.table';
import { IP_QPS_KEY, IP_QPS_WINDOW_SECONDS } from './modules/configs/ip-qps-limit';
import { SERVER_NODE_ARGS } from '../../../scripts/lib/server-build.mjs';

/**
 * Two real server processes on one PostgreSQL with Redis (issue 19): what one process commits
 * reaches the sockets of the other, and the limits count across both. Runs in `npm test`'s
 * PostgreSQL step, which starts a throw-away Redis (TEST_REDIS_URL).
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const PASSWORD = 'plain-pass-1';
/** The creator's address, new per run: the limits' counts in Redis outlive the processes. */
const EMAIL = `live-${Math.random().toString(36).slice(2)}@example.com`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Process {
  child: ChildProcess;
  origin: string;
  exited: Promise<unknown>;
}

async function startProcess(databaseUrl: string, redisUrl: string): Promise<Process> {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Behind one address, as processes behind a load balancer are (tokens name it as issuer).
      PUBLIC_URL: 'http://linkstore.test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'linkstore-processes-')),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PAYMENT_PROVIDER: 'sandbox',
      JWT_SECRET: 'processes-secret-processes-secret-0123',
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      // As behind a load balancer: the client's address is the forwarded one.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const until = Date.now() + 60_000;
  while (!out.includes('is running')) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin: `http://127.0.0.1:${port}`, exited };
}

async function api<T>(origin: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { code: string; data: T; msg?: string } };
}

describe.skipIf(!REDIS_URL)('two server processes with Redis', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let handle: DatabaseHandle | undefined;
  const running: Process[] = [];
  let productId = 0;

  beforeAll(async () => {
    database = await copyTemplateDatabase();
    if (!database) throw new Error('these tests run on PostgreSQL (TEST_DATABASE_URL)');
    handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    const db = handle.db;
    const ownerUserId = await createUser(db, { email: EMAIL, password: PASSWORD });
    // The limits' counts live in Redis and outlive the databases: this user's id (and this
    // address) may have been counted by an earlier run against the same Redis.
    const redis = new Redis(REDIS_URL ?? '');
    for (const pattern of [`*login:account:${ownerUserId}`, '*127.0.0.1*']) {
      const stale = await redis.keys(pattern);
      if (stale.length > 0) await redis.del(...stale);
    }
    await redis.quit();
    await db
      .insert(shops)
      .values({ ownerUserId, slug: 'live-shop', name: 'Live shop', defaultPercentage: 200 });
    const categoryId = await addSubcategory(db, 'Live A');
    const [row] = await insertSimpleProducts(db, [
      { categoryId, title: 'Live mug', platformPriceMinor: 1000, stock: 50 },
    ]);
    productId = row?.id ?? 0;
    // Two requests a second per address (10 per 5 s window): small enough to reach in a test.
    const limited = await db
      .update(configs)
      .set({ value: '2' })
      .where(eq(configs.key, IP_QPS_KEY))
      .returning({ id: configs.id });
    expect(limited).toHaveLength(1);
    // One after the other: the first migrates and seeds, the second finds it done.
    running.push(await startProcess(database.url, REDIS_URL ?? ''));
    running.push(await startProcess(database.url, REDIS_URL ?? ''));
  }, 150_000);

  afterAll(async () => {
    for (const p of running) p.child.kill('SIGTERM');
    await Promise.all(running.map((p) => p.exited));
    await handle?.close();
    await database?.drop();
  });

  // How soon news crosses processes is measured by `npm run bench realtime`; here, that it arrives
  // (a deadline in a test on a loaded 2-core machine measures the machine, not the fan-out).
  it('a purchase paid through process A reaches the creator’s socket on process B, once', async () => {
    const [a, b] = running;
    if (!a || !b) throw new Error('not started');
    const signIn = await api<{ accessToken: string }>(a.origin, 'POST', '/auth/login', {
      username: EMAIL,
      password: PASSWORD,
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const token = signIn.body.data.accessToken;

    const messages: IMessage[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${b.origin.replace('http', 'ws')}/ws`),
      connectHeaders: { Authorization: `Bearer ${token}` },
      reconnectDelay: 0,
    });
    await new Promise<void>((resolve, reject) => {
      client.onConnect = () => {
        client.subscribe('/user/queue/orders', (m) => messages.push(m), { receipt: 'sub' });
        client.watchForReceipt('sub', () => resolve());
      };
      client.onStompError = (frame) => reject(new Error(frame.headers.message));
      client.activate();
    });

    const placed = await api<TCheckoutAnswer>(a.origin, 'POST', '/public/checkout', {
      shop: 'live-shop',
      email: 'buyer@example.com',
      address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
      items: [{ productId: String(productId), quantity: 2 }],
      language: 'en',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const payToken = new URL(placed.body.data.approveUrl, 'http://x').searchParams.get('token') ?? '';
    expect((await api(a.origin, 'POST', `/public/sandbox/orders/${payToken}/approve`, {})).status).toBe(200);
    const captured = await api(a.origin, 'POST', '/public/checkout/capture', {
      orderNo: placed.body.data.orderNo,
      token: payToken,
    });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0), { timeout: 15_000, interval: 20 });
    expect(messages.length).toBe(1);
    const news = JSON.parse(messages[0]?.body ?? '{}') as TOrderPaidNews;
    expect(news).toMatchObject({ kind: 'orderPaid', orderNo: placed.body.data.orderNo, currencyCode: 'USD' });
    expect(news.totalMinor).toBeGreaterThan(news.profitMinor);
    await client.deactivate();
  });

  it('the online count covers the users of both processes', async () => {
    const [a, b] = running;
    if (!a || !b) throw new Error('not started');
    const tokenOf = async (origin: string, username: string, password = PASSWORD) =>
      (await api<{ accessToken: string }>(origin, 'POST', '/auth/login', { username, password })).body.data
        .accessToken;
    const session = (origin: string, token: string, onCount?: (n: number) => void) =>
      new Promise<Client>((resolve, reject) => {
        const client = new Client({
          webSocketFactory: () => new WebSocket(`${origin.replace('http', 'ws')}/ws`),
          connectHeaders: { Authorization: `Bearer ${token}` },
          reconnectDelay: 0,
        });
        client.onConnect = () => {
          if (onCount) client.subscribe(ONLINE_COUNT_TOPIC, (m) => onCount(Number(m.body)));
          resolve(client);
        };
        client.onStompError = (frame) => reject(new Error(frame.headers.message));
        client.activate();
      });
    const counts: number[] = [];
    // The online count is for operators (issue 31): the seeded administrator watches it.
    const watcher = await session(a.origin, await tokenOf(a.origin, 'admin', TEST_SEED_PASSWORD), (n) =>
      counts.push(n),
    );
    const creator = await session(b.origin, await tokenOf(b.origin, EMAIL));
    await vi.waitFor(() => expect(counts.at(-1)).toBe(2), { timeout: 15_000, interval: 50 });
    await Promise.all([watcher.deactivate(), creator.deactivate()]);
  });

  it('a notice published through process A reaches a client on process B', async () => {
    const [a, b] = running;
    if (!a || !b) throw new Error('not started');
    const admin = await api<{ accessToken: string }>(a.origin, 'POST', '/auth/login', {
      username: 'admin',
      password: TEST_SEED_PASSWORD,
    });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    const adminToken = admin.body.data.accessToken;
    const creatorToken = (
      await api<{ accessToken: string }>(b.origin, 'POST', '/auth/login', {
        username: EMAIL,
        password: PASSWORD,
      })
    ).body.data.accessToken;
    const heard: unknown[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${b.origin.replace('http', 'ws')}/ws`),
      connectHeaders: { Authorization: `Bearer ${creatorToken}` },
      reconnectDelay: 0,
    });
    await new Promise<void>((resolve, reject) => {
      client.onConnect = () => {
        client.subscribe('/topic/notice', (m) => heard.push(JSON.parse(m.body)), { receipt: 'notice' });
        client.watchForReceipt('notice', () => resolve());
      };
      client.onStompError = (frame) => reject(new Error(frame.headers.message));
      client.activate();
    });
    const draft = await api<{ id: string }>(
      a.origin,
      'POST',
      '/notices',
      {
        title: 'Maintenance tonight',
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
        type: '1',
        level: 'L',
        targetType: 1,
      },
      adminToken,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const published = await api(
      a.origin,
      'PUT',
      `/notices/${draft.body.data.id}/publish`,
      undefined,
      adminToken,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 15_000, interval: 20 });
    expect(heard).toEqual([
      expect.objectContaining({ id: draft.body.data.id, title: 'Maintenance tonight' }),
    ]);
    await client.deactivate();
  });

  it('a sign-in limit holds across both processes', async () => {
    const [a, b] = running;
    if (!a || !b) throw new Error('not started');
    const wrong = (origin: string) =>
      api<null>(origin, 'POST', '/auth/login', { username: EMAIL, password: 'wrong-pass-1' });
    // Three failures, alternating processes: the account's count is three on both (in process it
    // would be two and one), so the third answer asks for a captcha.
    const answers = [await wrong(a.origin), await wrong(b.origin), await wrong(a.origin)];
    expect(answers.map((r) => r.body.code)).toEqual([
      ErrorCode.BAD_CREDENTIALS,
      ErrorCode.BAD_CREDENTIALS,
      ErrorCode.BAD_CREDENTIALS,
    ]);
    const third = answers[2]?.body as unknown as { data?: { captchaRequired?: boolean } };
    expect(third.data?.captchaRequired).toBe(true);
    const second = answers[1]?.body as unknown as { data?: { captchaRequired?: boolean } };
    expect(second.data?.captchaRequired).not.toBe(true);
  });

  it('IP_QPS_THRESHOLD_LIMIT counts one address across both processes', async () => {
    const [a, b] = running;
    if (!a || !b) throw new Error('not started');
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const health = (origin: string) =>
      fetch(`${origin}/api/health`, { headers: { 'x-forwarded-for': address } }).then((r) => r.status);
    const allowed = 2 * IP_QPS_WINDOW_SECONDS;
    const statuses: number[] = [];
    // Alternating processes: in process, each would have counted half and let all through.
    for (let i = 0; i < allowed; i += 1) statuses.push(await health(i % 2 === 0 ? a.origin : b.origin));
    expect(statuses).toEqual(Array.from({ length: allowed }, () => 200));
    expect(await health(a.origin)).toBe(429);
    expect(await health(b.origin)).toBe(429);
  });
});
