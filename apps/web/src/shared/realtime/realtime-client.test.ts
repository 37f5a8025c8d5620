import type { Client } from '@stomp/stompjs';
import { describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, MAX_DISCONNECTS, RECONNECT_DELAY_MS } from './realtime-client';

/** A stand-in for stompjs's Client: records what the realtime client asks of it. */
class FakeClient {
  connected = false;
  active = false;
  state = 2; // ActivationState.INACTIVE
  subscribed: string[] = [];
  handlers = new Map<string, (m: { body: string }) => void>();
  onConnect: () => void = () => undefined;
  onWebSocketClose: () => void = () => undefined;
  onStompError: () => void = () => undefined;
  onWebSocketError: () => void = () => undefined;
  constructor(readonly config: { connectHeaders: Record<string, string>; reconnectDelay: number }) {}
  activate() {
    this.active = true;
  }
  async deactivate() {
    this.active = false;
  }
  subscribe(destination: string, handler: (m: { body: string }) => void) {
    this.subscribed.push(destination);
    this.handlers.set(destination, handler);
    return { id: destination, unsubscribe: () => this.handlers.delete(destination) };
  }
  /** The server accepted the CONNECT. */
  connect() {
    this.connected = true;
    this.onConnect();
  }
  /** The socket closed. */
  drop() {
    this.connected = false;
    this.onWebSocketClose();
  }
}

/** `renewed`: what each renewal answers; 'unanswered' rejects, as a renewal that got no answer does. */
function setup(renewed: boolean | 'unanswered' = true) {
  const clients: FakeClient[] = [];
  const timers: (() => void)[] = [];
  let token = 'Bearer one';
  const renew = vi.fn(async () => {
    if (renewed === 'unanswered') throw new Error('no answer');
    token = 'Bearer two';
    return renewed;
  });
  const realtime = createRealtimeClient({
    url: () => 'ws://app/ws',
    authorization: () => token,
    renew,
    createClient: (config) => {
      const fake = new FakeClient(config as FakeClient['config']);
      clients.push(fake);
      return fake as unknown as Client;
    },
    setTimeout: (fn, ms) => {
      expect(ms).toBe(RECONNECT_DELAY_MS);
      timers.push(fn);
      return timers.length;
    },
    clearTimeout: () => undefined,
  });
  const tick = async () => {
    const fn = timers.shift();
    fn?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { realtime, clients, renew, tick };
}

describe('realtime client (SPEC §4)', () => {
  it('sends the token in CONNECT, without stompjs reconnecting on its own, and delivers JSON bodies', () => {
    const { realtime, clients } = setup();
    const got: unknown[] = [];
    realtime.subscribe('/user/queue/orders', (body) => got.push(body));
    realtime.start();
    const client = clients[0];
    expect(client?.config.connectHeaders).toEqual({ Authorization: 'Bearer one' });
    expect(client?.config.reconnectDelay).toBe(0);
    client?.connect();
    expect(client?.subscribed).toEqual(['/user/queue/orders']);
    client?.handlers.get('/user/queue/orders')?.({ body: '{"orderNo":"A"}' });
    client?.handlers.get('/user/queue/orders')?.({ body: 'plain' });
    expect(got).toEqual([{ orderNo: 'A' }, 'plain']);
  });

  it('renews the token before reconnecting, resubscribes every handler, and resets the count on connect', async () => {
    const { realtime, clients, renew, tick } = setup();
    realtime.subscribe('/user/queue/orders', () => undefined);
    realtime.subscribe('/topic/notice', () => undefined);
    realtime.start();
    clients[0]?.connect();
    clients[0]?.drop();
    expect(realtime.disconnects).toBe(1);
    await tick();
    expect(renew).toHaveBeenCalledTimes(1);
    // Renewed only if nobody renewed the token the socket used meanwhile.
    expect(renew).toHaveBeenCalledWith('Bearer one');
    expect(clients[1]?.config.connectHeaders).toEqual({ Authorization: 'Bearer two' });
    clients[1]?.connect();
    expect(clients[1]?.subscribed).toEqual(['/user/queue/orders', '/topic/notice']);
    expect(realtime.disconnects).toBe(0);
  });

  it('tells its connect listeners on every connect (what was sent meanwhile is lost), until removed', async () => {
    const { realtime, clients, tick } = setup();
    const connects: number[] = [];
    const remove = realtime.onConnect(() => connects.push(connects.length + 1));
    realtime.onConnect(() => {
      throw new Error('a failing listener');
    });
    realtime.start();
    clients[0]?.connect();
    expect(connects).toEqual([1]);
    clients[0]?.drop();
    await tick();
    clients[1]?.connect();
    expect(connects).toEqual([1, 2]);
    remove();
    clients[1]?.drop();
    await tick();
    clients[2]?.connect();
    expect(connects).toEqual([1, 2]);
  });

  it('counts a renewal that got no answer as one more disconnect and tries again, keeping the token', async () => {
    const { realtime, clients, renew, tick } = setup('unanswered');
    realtime.start();
    clients[0]?.connect();
    clients[0]?.drop();
    await tick();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(realtime.disconnects).toBe(2);
    expect(realtime.state).not.toBe('inactive');
    for (let k = 0; k < MAX_DISCONNECTS; k += 1) await tick();
    expect(realtime.state).toBe('inactive');
    expect(clients).toHaveLength(1);
  });

  it(`gives up after ${MAX_DISCONNECTS} disconnects in a row`, async () => {
    const { realtime, clients, tick } = setup();
    realtime.start();
    for (let k = 0; k < MAX_DISCONNECTS - 1; k += 1) {
      clients.at(-1)?.drop();
      await tick();
    }
    expect(clients).toHaveLength(MAX_DISCONNECTS);
    clients.at(-1)?.drop();
    await tick();
    expect(clients).toHaveLength(MAX_DISCONNECTS);
    expect(realtime.state).toBe('inactive');
  });

  it('stops when the token cannot be renewed (the sign-in ended)', async () => {
    const { realtime, clients, tick } = setup(false);
    realtime.start();
    clients[0]?.drop();
    await tick();
    expect(clients).toHaveLength(1);
    expect(realtime.state).toBe('inactive');
  });
});
