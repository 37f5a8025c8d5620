import type { Client } from '@stomp/stompjs';
import { describe, expect, it, vi } from 'vitest';
import { createDemoSocket, MAX_TRIES, type TDemoEvent, type TDemoSocketState } from './demo-socket';

/** A stand-in for stompjs's Client: records what the demo socket asks of it. */
class FakeClient {
  connected = false;
  handlers = new Map<string, (m: { body: string }) => void>();
  published: { destination: string; body: string }[] = [];
  deactivated = false;
  onConnect: () => void = () => undefined;
  onWebSocketClose: () => void = () => undefined;
  onStompError: (frame: { headers: Record<string, string> }) => void = () => undefined;
  onWebSocketError: () => void = () => undefined;
  constructor(readonly config: { connectHeaders: Record<string, string> }) {}
  activate() {}
  async deactivate() {
    this.deactivated = true;
  }
  subscribe(destination: string, handler: (m: { body: string }) => void) {
    this.handlers.set(destination, handler);
    return { id: destination, unsubscribe: () => this.handlers.delete(destination) };
  }
  publish(message: { destination: string; body: string }) {
    this.published.push(message);
  }
  connect() {
    this.connected = true;
    this.onConnect();
  }
  /** The server sent ERROR and closed. */
  refuse(message: string) {
    this.onStompError({ headers: { message } });
    this.connected = false;
    this.onWebSocketClose();
  }
  receive(destination: string, body: unknown) {
    this.handlers.get(destination)?.({ body: JSON.stringify(body) });
  }
}

function setup(renewed = true, listensToBroadcasts = true) {
  const clients: FakeClient[] = [];
  const timers: (() => void)[] = [];
  const states: TDemoSocketState[] = [];
  const events: TDemoEvent[] = [];
  let token = 'Bearer one';
  const renew = vi.fn(async () => {
    token = 'Bearer two';
    return renewed;
  });
  const socket = createDemoSocket({
    url: () => 'ws://app/ws',
    authorization: () => token,
    listensToBroadcasts: () => listensToBroadcasts,
    renew,
    onState: (state) => states.push(state),
    onEvent: (event) => events.push(event),
    createClient: (config) => {
      const fake = new FakeClient(config as FakeClient['config']);
      clients.push(fake);
      return fake as unknown as Client;
    },
    setTimeout: (fn) => {
      timers.push(fn);
      return timers.length;
    },
    clearTimeout: () => undefined,
  });
  const runTimers = async () => {
    for (const fn of timers.splice(0)) fn();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { socket, clients, states, events, renew, runTimers };
}

describe('the websocket demo socket', () => {
  it('connects, listens on the broadcast topic and the greeting queue, and tells what arrives', () => {
    const { socket, clients, states, events } = setup();
    socket.connect();
    const client = clients[0];
    client?.connect();
    expect(states).toEqual(['connecting', 'connected']);
    // The demo's own topic, not the notices' (issue 31: a creator's bell heard the demo).
    expect([...(client?.handlers.keys() ?? [])]).toEqual(['/topic/demo', '/user/queue/greeting']);
    client?.receive('/topic/demo', { kind: 'demoNotice', sender: 'admin', content: 'hi all' });
    // Anything else on it is not a demo broadcast.
    client?.receive('/topic/demo', { id: '1', type: '1', title: 'Notice', publishTime: 'x' });
    client?.receive('/user/queue/greeting', { sender: 'admin', content: 'hi you' });
    expect(events).toEqual([
      { kind: 'broadcast', sender: 'admin', content: 'hi all' },
      { kind: 'direct', sender: 'admin', content: 'hi you' },
    ]);
  });

  it('does not ask for the broadcast topic without the demo permission (the server would refuse it)', () => {
    const { socket, clients, states } = setup(true, false);
    socket.connect();
    clients[0]?.connect();
    expect(states.at(-1)).toBe('connected');
    expect([...(clients[0]?.handlers.keys() ?? [])]).toEqual(['/user/queue/greeting']);
  });

  it('sends JSON bodies to the two destinations, only while connected', () => {
    const { socket, clients, events } = setup();
    expect(socket.broadcast('early')).toBe(false);
    socket.connect();
    const client = clients[0];
    expect(socket.broadcast('not yet')).toBe(false);
    client?.connect();
    expect(socket.broadcast('hello')).toBe(true);
    expect(socket.direct('bob', 'psst')).toBe(true);
    expect(client?.published).toEqual([
      { destination: '/app/sendToAll', body: JSON.stringify({ content: 'hello' }) },
      { destination: '/app/sendToUser', body: JSON.stringify({ to: 'bob', content: 'psst' }) },
    ]);
    expect(events).toEqual([{ kind: 'sentDirect', to: 'bob', content: 'psst' }]);
  });

  it('tells a refusal, renews the token and connects again; gives up after three tries', async () => {
    const { socket, clients, states, events, renew, runTimers } = setup();
    socket.connect();
    clients[0]?.connect();
    clients[0]?.refuse('demo.unknownUser');
    expect(events).toEqual([{ kind: 'refused', reason: 'unknownUser' }]);
    expect(states.at(-1)).toBe('connecting');
    await runTimers();
    expect(renew).toHaveBeenCalledWith('Bearer one');
    expect(clients[1]?.config.connectHeaders).toEqual({ Authorization: 'Bearer two' });
    // The token's end is not shown as a refusal.
    clients[1]?.refuse('session expired');
    expect(events).toHaveLength(1);
    for (let i = 1; i < MAX_TRIES; i += 1) {
      await runTimers();
      clients.at(-1)?.refuse('unauthorized');
    }
    expect(states.at(-1)).toBe('disconnected');
    expect(clients).toHaveLength(MAX_TRIES + 1);
  });

  it('stays disconnected after Disconnect, even when the socket closes later', async () => {
    const { socket, clients, states, runTimers } = setup();
    socket.connect();
    clients[0]?.connect();
    socket.disconnect();
    expect(clients[0]?.deactivated).toBe(true);
    clients[0]?.onWebSocketClose();
    await runTimers();
    expect(clients).toHaveLength(1);
    expect(states.at(-1)).toBe('disconnected');
  });
});
