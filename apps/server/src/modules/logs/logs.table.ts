import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One row per change made through the API (POST, PUT, PATCH, DELETE under /api) and per sign-in,
 * written in batches by the logs module. Never a body, a query string, a password or a token.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The route's contract tag (`config`, `user` …), `login` for sign-ins. */
    module: varchar('module', { length: 32 }).notNull(),
    /** The route's summary; a failure adds an `[error]…[/error]` block with the code and message. */
    content: varchar('content', { length: 500 }).notNull(),
    /** The path only (a query string can carry a token). */
    requestUri: varchar('request_uri', { length: 500 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    browser: varchar('browser', { length: 64 }).notNull(),
    os: varchar('os', { length: 64 }).notNull(),
    executionMs: integer('execution_ms').notNull(),
    status: smallint('status').notNull(),
    resultCode: varchar('result_code', { length: 16 }).notNull().default(''),
    success: boolean('success').notNull(),
    /** Who (no foreign key: a log outlives the user it names, and a batch never fails on one). */
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_logs_created_idx').on(t.createdAt),
    index('operation_logs_module_created_idx').on(t.module, t.createdAt),
  ],
);

/**
 * Visits, rolled up per UTC day, user and address: a visit is a signed-in page load (the web
 * app's `GET /users/me`). PV = sum of `views`, UV = distinct users, IP = distinct addresses.
 */
export const visitDays = pgTable(
  'visit_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'visit_days_pk', columns: [t.day, t.userId, t.ip] })],
);
