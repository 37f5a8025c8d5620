import {
  DEMO_BROADCAST_SEND,
  DEMO_BROADCAST_TOPIC,
  DEMO_DIRECT_SEND,
  DEMO_GREETING_QUEUE,
  DEMO_MESSAGE_MAX,
  DEMO_SENDS_PER_MINUTE,
  DEMO_WEBSOCKET_SEND_PERMISSION,
  NOTICE_TOPIC,
  ONLINE_COUNT_PERMISSION,
  ONLINE_COUNT_TOPIC,
} from '@linkstore/contract';
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH } from '../../platform/realtime/realtime-plugin';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, OPERATOR_PASSWORD, operatorWith } from '../../test/users';

let ctx: TestContext;
let url = '';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `ws://127.0.0.1:${address.port}${REALTIME_PATH}`;
  tokens.sender = await operatorWith(ctx, 'ws-demo-sender', [DEMO_WEBSOCKET_SEND_PERMISSION]);
  tokens.watcher = await operatorWith(ctx, 'ws-demo-watcher', [DEMO_WEBSOCKET_SEND_PERMISSION]);
  tokens.counter = await operatorWith(ctx, 'ws-demo-counter', [ONLINE_COUNT_PERMISSION]);
  for (const name of ['ws-demo-alice', 'ws-demo-bob', 'ws-demo-mute']) {
    await createUser(ctx.database.db, { username: name, password: OPERATOR_PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, name, OPERATOR_PASSWORD);
  }
});
afterAll(() => ctx.close());

interface Listener {
  client: Client;
  received: { destination: string; body: unknown }[];
  /** The ERROR frame's message once the server refuses something. */
  refused: Promise<string>;
}

/** A stompjs client as the demo page makes one, connected and listening on `destinations`. */
async function listen(token: string, destinations: string[]): Promise<Listener> {
  const received: { destination: string; body: unknown }[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(url),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
  });
  let refuse: (message: string) => void = () => undefined;
  const refused = new Promise<string>((resolve) => (refuse = resolve));
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => {
      refuse(frame.headers.message ?? '');
      reject(new Error(frame.headers.message));
    };
    client.activate();
  });
  const receipts = destinations.map((destination, i) => {
    const receipt = `sub-${i}`;
    const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
    client.subscribe(
      destination,
      (message: IMessage) => received.push({ destination, body: JSON.parse(message.body) }),
      { receipt },
    );
    return done;
  });
  await Promise.all(receipts);
  return { client, received, refused };
}

/** SENDs and waits for the server's RECEIPT, or the ERROR that refuses it. */
async function sendAndWait(listener: Listener, destination: string, body: unknown): Promise<string> {
  const receipt = `send-${Math.random()}`;
  const answer = Promise.race([
    new Promise<string>((resolve) => listener.client.watchForReceipt(receipt, () => resolve('ok'))),
    listener.refused,
  ]);
  listener.client.publish({
    destination,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { receipt },
  });
  const result = await answer;
  // Deliveries travel through the bus after the receipt: give them a moment.
  await new Promise((r) => setTimeout(r, 150));
  return result;
}

const closeAll = (...listeners: Listener[]) => Promise.all(listeners.map((l) => l.client.deactivate()));

describe('the websocket demo (SEND /app/sendToAll, /app/sendToUser)', () => {
  it("broadcasts on the demo's own topic to the operators listening, never to a creator's bell", async () => {
    expect(DEMO_BROADCAST_TOPIC).not.toBe(NOTICE_TOPIC);
    const sender = await listen(tokens.sender ?? '', [DEMO_BROADCAST_TOPIC]);
    const watcher = await listen(tokens.watcher ?? '', [DEMO_BROADCAST_TOPIC, NOTICE_TOPIC]);
    // A creator's bell listens on the notices' topic.
    const bell = await listen(tokens['ws-demo-alice'] ?? '', [NOTICE_TOPIC]);
    expect(await sendAndWait(sender, DEMO_BROADCAST_SEND, { content: '  hello all  ' })).toBe('ok');
    const expected = { kind: 'demoNotice', sender: 'ws-demo-sender', content: 'hello all' };
    expect(watcher.received).toEqual([{ destination: DEMO_BROADCAST_TOPIC, body: expected }]);
    expect(sender.received).toEqual([{ destination: DEMO_BROADCAST_TOPIC, body: expected }]);
    expect(bell.received).toEqual([]);
    await closeAll(sender, watcher, bell);
  });

  it("refuses a creator's SUBSCRIBE to the demo topic and to the online count (issue 31)", async () => {
    for (const topic of [DEMO_BROADCAST_TOPIC, ONLINE_COUNT_TOPIC]) {
      const creator = await listen(tokens['ws-demo-alice'] ?? '', []);
      creator.client.subscribe(topic, () => undefined, { receipt: `sub-${topic}` });
      expect(await creator.refused).toBe(`not allowed to subscribe to ${topic}`);
      await closeAll(creator);
    }
    // The online count's holders may watch it; the demo's operators may listen to it.
    const counter = await listen(tokens.counter ?? '', [ONLINE_COUNT_TOPIC]);
    const watcher = await listen(tokens.watcher ?? '', [DEMO_BROADCAST_TOPIC]);
    await closeAll(counter, watcher);
  });

  it('delivers a direct message to the named user only (username in any case)', async () => {
    const sender = await listen(tokens.sender ?? '', [DEMO_GREETING_QUEUE]);
    const alice = await listen(tokens['ws-demo-alice'] ?? '', [DEMO_GREETING_QUEUE, NOTICE_TOPIC]);
    const bob = await listen(tokens['ws-demo-bob'] ?? '', [DEMO_GREETING_QUEUE, NOTICE_TOPIC]);
    expect(await sendAndWait(sender, DEMO_DIRECT_SEND, { to: 'WS-Demo-Bob', content: 'hi bob' })).toBe('ok');
    expect(bob.received).toEqual([
      { destination: DEMO_GREETING_QUEUE, body: { sender: 'ws-demo-sender', content: 'hi bob' } },
    ]);
    expect(alice.received).toEqual([]);
    expect(sender.received).toEqual([]);
    await closeAll(sender, alice, bob);
  });

  it('refuses a SEND without the permission: nothing is delivered, the session ends', async () => {
    const alice = await listen(tokens.watcher ?? '', [DEMO_BROADCAST_TOPIC]);
    const mute = await listen(tokens['ws-demo-mute'] ?? '', [DEMO_GREETING_QUEUE]);
    expect(await sendAndWait(mute, DEMO_BROADCAST_SEND, { content: 'let me in' })).toBe('demo.forbidden');
    const direct = await listen(tokens['ws-demo-mute'] ?? '', []);
    expect(await sendAndWait(direct, DEMO_DIRECT_SEND, { to: 'ws-demo-alice', content: 'psst' })).toBe(
      'demo.forbidden',
    );
    expect(alice.received).toEqual([]);
    await closeAll(alice, mute, direct);
  });

  it('refuses an oversize message, a malformed body and an unknown user, delivering nothing', async () => {
    const alice = await listen(tokens.watcher ?? '', [DEMO_BROADCAST_TOPIC, DEMO_GREETING_QUEUE]);
    const cases: [string, unknown, string][] = [
      [DEMO_BROADCAST_SEND, { content: 'x'.repeat(DEMO_MESSAGE_MAX + 1) }, 'demo.tooLong'],
      [DEMO_BROADCAST_SEND, 'y'.repeat(10_000), 'demo.tooLong'],
      [DEMO_BROADCAST_SEND, 'not json', 'demo.invalid'],
      [DEMO_BROADCAST_SEND, { content: '   ' }, 'demo.invalid'],
      [DEMO_DIRECT_SEND, { content: 'no addressee' }, 'demo.invalid'],
      [DEMO_DIRECT_SEND, { to: 'nobody-here', content: 'hello?' }, 'demo.unknownUser'],
    ];
    for (const [destination, body, refusal] of cases) {
      const sender = await listen(tokens.sender ?? '', []);
      expect(await sendAndWait(sender, destination, body)).toBe(refusal);
      await closeAll(sender);
    }
    // A message exactly at the limit passes.
    const sender = await listen(tokens.sender ?? '', []);
    const longest = 'z'.repeat(DEMO_MESSAGE_MAX);
    expect(await sendAndWait(sender, DEMO_BROADCAST_SEND, { content: longest })).toBe('ok');
    expect(alice.received).toEqual([
      {
        destination: DEMO_BROADCAST_TOPIC,
        body: { kind: 'demoNotice', sender: 'ws-demo-sender', content: longest },
      },
    ]);
    await closeAll(alice, sender);
  });

  it(`refuses more than ${DEMO_SENDS_PER_MINUTE} SENDs a minute from one user`, async () => {
    const name = 'ws-demo-chatty';
    const token = await operatorWith(ctx, name, [DEMO_WEBSOCKET_SEND_PERMISSION]);
    const chatty = await listen(token, []);
    for (let i = 0; i < DEMO_SENDS_PER_MINUTE; i += 1)
      expect(await sendAndWait(chatty, DEMO_BROADCAST_SEND, { content: `n${i}` })).toBe('ok');
    expect(await sendAndWait(chatty, DEMO_BROADCAST_SEND, { content: 'one more' })).toBe('demo.rateLimited');
    await closeAll(chatty);
  });
});
