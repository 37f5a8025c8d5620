import { index, pgTable, primaryKey, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * `Idempotency-Key`s of the money-moving routes (decision 0028), in the database so every API
 * process sees them. A row is written before the handler runs (`status` null: in flight) and
 * completed with the answer; a refused or failed request deletes its row. Rows older than 24 h
 * count as absent and are swept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: the caller's user id, or '' on a public route (the key is the buyer's secret). */
    scope: varchar('scope', { length: 40 }).notNull(),
    /** `METHOD /path` of the route as declared (path parameters are part of the request hash). */
    route: varchar('route', { length: 160 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 (hex) of the validated params, query and body: the same key with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Which request holds the row: only it completes or releases it. */
    owner: uuid('owner').notNull(),
    /** The answer's HTTP status; null while the first request runs. */
    status: smallint('status'),
    /** The answer's body, byte for byte as first sent. */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.route, t.key] }), index().on(t.createdAt)],
);
