import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';

/**
 * A "Connect PayPal" attempt (OpenID Connect with PayPal, or the offline sandbox's consent page):
 * `state` ties the provider's answer to the creator who started it, with the PKCE verifier and the
 * nonce kept here (never in the browser). The outcome stays for the binding result page.
 */
export const paypalBindings = pgTable(
  'paypal_bindings',
  {
    state: varchar('state', { length: 64 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sandbox' or 'paypal'. */
    provider: varchar('provider', { length: 16 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    /** null while at the provider; then 'bound' or 'failed'. */
    outcome: varchar('outcome', { length: 16 }),
    /** Why it failed (an error code the page translates), or null. */
    reason: text('reason'),
    payerId: varchar('payer_id', { length: 64 }),
    email: varchar('email', { length: 254 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('paypal_bindings_user_idx').on(t.userId, t.createdAt),
    check('paypal_bindings_outcome_values', sql`${t.outcome} is null or ${t.outcome} in ('bound', 'failed')`),
  ],
);
