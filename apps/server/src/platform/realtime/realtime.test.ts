import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { serializeFrame } from './stomp-frames';
import {
  MAX_SESSIONS_PER_USER,
  ONLINE_COALESCE_MS,
  ONLINE_COUNT_TOPIC,
  REALTIME_PATH,
} from './realtime-plugin';

let ctx: TestContext;
let url = '';
let creatorToken = '';
let creatorId = '';
let otherToken = '';
let operatorToken = '';

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  // A topic for holders of a permission only (the orders module's flagged orders are one such).
  ctx.app.realtime.allowTopic('/topic/probe-orders', 'sys:order:query');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `ws://127.0.0.1:${address.port}${REALTIME_PATH}`;
  creatorId = String(await createUser(ctx.database.db, { username: 'rt-creator', password: 'plain-pass-1' }));
  await createUser(ctx.database.db, { username: 'rt-other', password: 'plain-pass-1' });
  creatorToken = await accessTokenFor(ctx.app, 'rt-creator', 'plain-pass-1');
  otherToken = await accessTokenFor(ctx.app, 'rt-other', 'plain-pass-1');
  operatorToken = await operatorWith(ctx, 'rt-operator', ['sys:order:query']);
});
afterAll(() => ctx.close());

/** A stompjs client as the web app makes one (no automatic reconnect), connected or refused. */
function connect(token: string | undefined): Promise<{ client: Client; error?: string }> {
  return new Promise((resolve) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
      reconnectDelay: 0,
      heartbeatIncoming: 30_000,
      heartbeatOutgoing: 30_000,
    });
    client.onConnect = () => resolve({ client });
    client.onStompError = (frame: IFrame) => resolve({ client, error: frame.headers.message });
    client.onWebSocketClose = () => resolve({ client, error: 'closed' });
    client.activate();
  });
}

/** The next message on `destination`, or undefined after `ms`. */
function next(client: Client, destination: string, ms = 2_000): Promise<IMessage | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      resolve(undefined);
    }, ms);
    const subscription = client.subscribe(destination, (message) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
}

/** A raw socket: what a hostile client can send that stompjs would not. */
function rawSocket(): Promise<{ ws: WebSocket; received: string[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const received: string[] = [];
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    ws.on('open', () => resolve({ ws, received, closed }));
    ws.on('error', reject);
  });
}

const connectFrame = (token: string) =>
  serializeFrame({
    command: 'CONNECT',
    headers: { 'accept-version': '1.2', host: 'linkstore', Authorization: `Bearer ${token}` },
    body: '',
  });

describe('the realtime socket (STOMP over WebSocket)', () => {
  it('refuses CONNECT without a valid token', async () => {
    for (const token of [undefined, 'not-a-token', `${creatorToken}x`]) {
      const { client, error } = await connect(token);
      expect(error).toBe('unauthorized');
      await client.deactivate();
    }
  });

  it("delivers a user's message to their own queue only, on every session they have", async () => {
    const a = await connect(creatorToken);
    const b = await connect(creatorToken);
    const other = await connect(otherToken);
    expect([a.error, b.error, other.error]).toEqual([undefined, undefined, undefined]);
    const got = [
      next(a.client, '/user/queue/orders'),
      next(b.client, '/user/queue/orders'),
      next(other.client, '/user/queue/orders', 500),
    ];
    await new Promise((r) => setTimeout(r, 100));
    await ctx.app.realtime.toUser(creatorId, '/queue/orders', { orderNo: 'A-1' });
    const [first, second, others] = await Promise.all(got);
    expect(JSON.parse(first?.body ?? 'null')).toEqual({ orderNo: 'A-1' });
    expect(JSON.parse(second?.body ?? 'null')).toEqual({ orderNo: 'A-1' });
    expect(others).toBeUndefined();
    await Promise.all([a.client.deactivate(), b.client.deactivate(), other.client.deactivate()]);
  });

  it("refuses another user's queue, a topic the role does not allow, and unknown destinations", async () => {
    for (const destination of [
      `/user/${creatorId}/queue/orders`,
      '/queue/orders',
      '/topic/probe-orders',
      '/topic/unknown',
    ]) {
      const { ws, received, closed } = await rawSocket();
      ws.send(connectFrame(otherToken));
      ws.send(serializeFrame({ command: 'SUBSCRIBE', headers: { id: '1', destination }, body: '' }));
      expect(await closed).toBe(1000);
      expect(received.at(-1)).toMatch(/^ERROR\n/);
      expect(received.at(-1)).toContain(
        `message:not allowed to subscribe to ${destination.replaceAll(':', '\\c')}`,
      );
    }
    // The operator holding the permission may, and gets what is published there.
    const op = await connect(operatorToken);
    const flagged = next(op.client, '/topic/probe-orders');
    await new Promise((r) => setTimeout(r, 100));
    await ctx.app.realtime.toTopic('/topic/probe-orders', { orderNo: 'F-1' });
    expect(JSON.parse((await flagged)?.body ?? 'null')).toEqual({ orderNo: 'F-1' });
    await op.client.deactivate();
  });

  it('refuses a 1 MB frame and a flood of subscriptions', async () => {
    const big = await rawSocket();
    big.ws.send(connectFrame(creatorToken));
    big.ws.send(
      serializeFrame({ command: 'SEND', headers: { destination: '/app/x' }, body: 'x'.repeat(1024 * 1024) }),
    );
    expect(await big.closed).not.toBe(undefined);
    expect(ctx.app.realtime.localSessions()).toBe(0);

    const flood = await rawSocket();
    flood.ws.send(connectFrame(creatorToken));
    for (let i = 0; i < 100; i += 1)
      flood.ws.send(
        serializeFrame({
          command: 'SUBSCRIBE',
          headers: { id: String(i), destination: `/user/queue/q${i}` },
          body: '',
        }),
      );
    expect(await flood.closed).toBe(1000);
    expect(flood.received.at(-1)).toContain('message:too many subscriptions');
  });

  it('refuses a frame before CONNECT, a SEND outside /app, and more sessions than a user may hold', async () => {
    const early = await rawSocket();
    early.ws.send(
      serializeFrame({ command: 'SUBSCRIBE', headers: { id: '1', destination: '/topic/notice' }, body: '' }),
    );
    await early.closed;
    expect(early.received).toEqual([expect.stringContaining('message:not connected')]);

    const send = await connect(creatorToken);
    const refused = new Promise<string | undefined>((resolve) => {
      send.client.onStompError = (frame) => resolve(frame.headers.message);
    });
    send.client.publish({ destination: '/topic/notice', body: 'hi' });
    expect(await refused).toBe('SEND only to /app/*');
    await send.client.deactivate();

    const held = await Promise.all(Array.from({ length: MAX_SESSIONS_PER_USER }, () => connect(otherToken)));
    expect(held.every((s) => s.error === undefined)).toBe(true);
    expect((await connect(otherToken)).error).toBe('too many sessions');
    await Promise.all(held.map((s) => s.client.deactivate()));
  });

  it('answers RECEIPT, tells everyone the online count, and ends a session when its user signs out', async () => {
    const watcher = await connect(operatorToken);
    const counts: number[] = [];
    watcher.client.subscribe(ONLINE_COUNT_TOPIC, (m) => counts.push(Number(m.body)));
    const receipt = new Promise<string>((resolve) =>
      watcher.client.watchForReceipt('r-1', (f) => resolve(f.headers['receipt-id'] ?? '')),
    );
    watcher.client.subscribe('/user/queue/notes', () => undefined, { receipt: 'r-1' });
    expect(await receipt).toBe('r-1');

    const creator = await connect(creatorToken);
    await new Promise((r) => setTimeout(r, ONLINE_COALESCE_MS + 300));
    expect(counts.at(-1)).toBe(2);
    const ended = new Promise<string | undefined>((resolve) => {
      creator.client.onStompError = (frame) => resolve(frame.headers.message);
    });
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${creatorToken}` },
    });
    expect(out.statusCode).toBe(200);
    expect(await ended).toBe('session expired');
    await new Promise((r) => setTimeout(r, ONLINE_COALESCE_MS + 300));
    expect(counts.at(-1)).toBe(1);
    await Promise.all([watcher.client.deactivate(), creator.client.deactivate()]);
  });

  it('refuses an upgrade from another site’s page', async () => {
    const ws = new WebSocket(url, { headers: { origin: 'https://evil.example' } });
    const status = await new Promise<number | undefined>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('open', () => resolve(undefined));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(403);
  });
});
