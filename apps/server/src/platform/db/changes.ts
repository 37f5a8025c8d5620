import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { DatabaseHandle, DatabaseLog } from './database';

/** The channel the database's triggers notify (migration 0016, decision 0031). */
export const CHANGES_CHANNEL = 'linkstore_changes';
/** The feed's own PostgreSQL connection's `application_name`. */
export const FEED_APPLICATION_NAME = 'linkstore-change-feed';

/**
 * One committed change: the table, and the shop and user its rows belong to — both absent for
 * the platform's catalogue and settings, which any answer may show. `rowId` names the one row
 * when only a detail of it changed (`product_variants.stock`: the stock of a product's variant,
 * naming the product).
 */
export interface Change {
  table: string;
  shopId: string | null;
  userId: string | null;
  rowId: string | null;
}

/** A change, or `reset`: the feed was down for a while, so anything may have changed. */
export type ChangeEvent = Change | 'reset';

export interface ChangeFeed {
  /**
   * True while the feed is listening. A cache whose answers are only forgotten through the feed
   * must not serve while it is false: a change committed meanwhile would never reach it.
   */
  readonly live: boolean;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  close(): Promise<void>;
}

/** `<table>|<shop id>|<user id>[|<row id>]` as the triggers write it; undefined for anything else. */
export function parseChange(payload: string): Change | undefined {
  const parts = payload.split('|');
  if ((parts.length !== 3 && parts.length !== 4) || !parts[0]) return undefined;
  return { table: parts[0], shopId: parts[1] || null, userId: parts[2] || null, rowId: parts[3] || null };
}

/** Whether a change is to the platform's rows, which any answer may show. */
export const isPlatformChange = (change: Change) =>
  change.shopId === null && change.userId === null && change.rowId === null;

/**
 * Listens to the database's change notifications. On PGlite (one process) the client's own
 * `listen`; on PostgreSQL a dedicated connection outside the pool that reconnects with backoff
 * after a failure, telling its listeners `reset` when it is back (what changed meanwhile is lost).
 */
export async function openChangeFeed(
  handle: DatabaseHandle,
  log: DatabaseLog & { warn(details: object, message: string): void },
): Promise<ChangeFeed> {
  const listeners = new Set<(event: ChangeEvent) => void>();
  const emit = (event: ChangeEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        log.error({ err }, 'A change listener failed');
      }
    }
  };
  const onPayload = (payload: string) => {
    const change = parseChange(payload);
    if (change) emit(change);
  };
  const subscribe = (listener: (event: ChangeEvent) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  if (handle.raw.kind === 'pglite') {
    const { client } = handle.raw;
    const unlisten = await client.listen(CHANGES_CHANNEL, onPayload);
    return {
      live: true,
      subscribe,
      close: async () => {
        listeners.clear();
        // The database may be closed first (at shutdown): then nobody listens any more anyway.
        if (!client.closed) await unlisten().catch(() => undefined);
      },
    };
  }

  const { connectionString } = handle.raw.pool.options;
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // Named, so an operator sees it in pg_stat_activity for what it is.
    const next = new pg.Client({ connectionString, application_name: FEED_APPLICATION_NAME });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) onPayload(message.payload);
    });
    const lost = (err?: unknown) => {
      if (client !== next) return;
      client = undefined;
      live = false;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'The change feed lost its database connection; caches are bypassed until it is back');
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    attempt = 0;
    // Whatever changed while nobody listened is unknown: every cache starts again.
    emit('reset');
    live = true;
  };
  const schedule = () => {
    const delay = Math.min(30_000, 250 * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => {
      connect().catch((err: unknown) => {
        log.warn({ err }, 'The change feed could not reconnect');
        if (!closed) schedule();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    get live() {
      return live;
    },
    subscribe,
    close: async () => {
      closed = true;
      live = false;
      listeners.clear();
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Committed changes, from every process (decision 0031). */
    changes: ChangeFeed;
  }
}

/** Opens the feed with the app and closes it with the app. */
export const changesPlugin = fp(
  async (app: FastifyInstance) => {
    const feed = await openChangeFeed(app.database, app.log);
    app.decorate('changes', feed);
    app.addHook('onClose', () => feed.close());
  },
  { name: 'changes' },
);
