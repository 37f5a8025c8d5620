import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * A message for the sockets: to one user's sessions (their `/user/queue/*` subscriptions) or to
 * every session subscribed to a topic. The body is the message's JSON text.
 */
export interface RealtimeMessage {
  /** The user it is for; null for a topic (every subscriber). */
  userId: string | null;
  /** As the client subscribed: `/user/queue/…` or `/topic/…`. */
  destination: string;
  body: string;
}

/**
 * How messages reach every server process: in one process a plain fan-out; with `REDIS_URL`
 * Redis pub/sub, so a message published on one process reaches the sockets of all.
 */
export interface RealtimeBus {
  readonly kind: 'local' | 'redis';
  publish(message: RealtimeMessage): Promise<void>;
  subscribe(listener: (message: RealtimeMessage) => void): () => void;
  /**
   * Users online on every process, given this process's: with Redis each process keeps its set
   * there (expiring if the process dies) and the count is their union.
   */
  countOnline(localUserIds: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

/** How long a process's online set outlives its last refresh (a dead process drops out). */
const ONLINE_SET_TTL_MS = 150_000;

/** The Redis channel every process listens on. */
export const REALTIME_CHANNEL = 'linkstore:realtime';

function fanOut() {
  const listeners = new Set<(message: RealtimeMessage) => void>();
  const emit = (message: RealtimeMessage) => {
    for (const listener of listeners) listener(message);
  };
  const subscribe = (listener: (message: RealtimeMessage) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { listeners, emit, subscribe };
}

/** One process: published messages go straight to this process's listeners. */
export function createLocalBus(): RealtimeBus {
  const { emit, subscribe, listeners } = fanOut();
  return {
    kind: 'local',
    async publish(message) {
      // After the caller's own work, as Redis would deliver it.
      queueMicrotask(() => emit(message));
    },
    subscribe,
    async countOnline(localUserIds) {
      return localUserIds.length;
    },
    async close() {
      listeners.clear();
    },
  };
}

const isMessage = (value: unknown): value is RealtimeMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RealtimeMessage).destination === 'string' &&
  typeof (value as RealtimeMessage).body === 'string' &&
  ((value as RealtimeMessage).userId === null || typeof (value as RealtimeMessage).userId === 'string');

/**
 * Several processes: each publishes to one Redis channel and listens on it with a second
 * connection (a subscribed connection can do nothing else). Both reconnect on their own; what is
 * published while Redis is away is lost (live notices only — the data itself is in the database).
 */
export async function createRedisBus(
  url: string,
  log: { warn(details: object, message: string): void },
): Promise<RealtimeBus> {
  const { emit, subscribe, listeners } = fanOut();
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false } as const;
  const publisher = new Redis(url, { ...options, connectionName: 'linkstore-realtime-pub' });
  const subscriber = new Redis(url, { ...options, connectionName: 'linkstore-realtime-sub' });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err: unknown) => log.warn({ err }, 'Realtime: Redis connection error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== REALTIME_CHANNEL) return;
    try {
      const message: unknown = JSON.parse(text);
      if (isMessage(message)) emit(message);
    } catch {
      // Not ours: ignored.
    }
  });
  await subscriber.subscribe(REALTIME_CHANNEL);
  const ownSet = `linkstore:online:${randomUUID()}`;
  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(REALTIME_CHANNEL, JSON.stringify(message));
    },
    subscribe,
    async countOnline(localUserIds) {
      const write = publisher.multi().del(ownSet);
      if (localUserIds.length > 0) write.sadd(ownSet, ...localUserIds).pexpire(ownSet, ONLINE_SET_TTL_MS);
      await write.exec();
      const sets: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await publisher.scan(cursor, 'MATCH', 'linkstore:online:*', 'COUNT', 100);
        cursor = next;
        sets.push(...found);
      } while (cursor !== '0');
      if (sets.length === 0) return 0;
      const union = `linkstore:online-union:${randomUUID()}`;
      const [, [, count] = []] = (await publisher
        .multi()
        .sunionstore(union, ...sets)
        .scard(union)
        .del(union)
        .exec()) ?? [[], []];
      return Number(count ?? 0);
    },
    async close() {
      listeners.clear();
      await publisher.del(ownSet).catch(() => undefined);
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
