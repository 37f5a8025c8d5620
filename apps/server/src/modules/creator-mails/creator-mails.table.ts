import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { TLanguage, TSalesMails } from '@linkstore/contract';
import { users } from '../../platform/auth/auth.tables';

/**
 * A creator's choice of mails about their shop (issue 35): a row once they save it; without one
 * the defaults apply (a mail per paid order, payout and refund mails on, in English). The daily
 * digest's mark lives here too: `digest_from` is where the next digest's window starts (orders paid
 * after it), `last_digest_at` when the last digest run claimed the creator (null: never).
 */
export const creatorMailSettings = pgTable(
  'creator_mail_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sales: varchar('sales', { length: 8 }).$type<TSalesMails>().notNull().default('each'),
    payouts: boolean('payouts').notNull().default(true),
    refunds: boolean('refunds').notNull().default(true),
    /** The studio's language when the creator last saved: every mail of theirs is written in it. */
    language: varchar('language', { length: 8 }).$type<TLanguage>().notNull().default('en'),
    /** Orders paid after this go into the next digest; set when the creator turns the digest on. */
    digestFrom: timestamp('digest_from', { withTimezone: true }),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('creator_mail_settings_sales_values', sql`${t.sales} in ('each', 'digest', 'off')`),
    /** The digest job's candidates. */
    index('creator_mail_settings_digest_idx')
      .on(t.lastDigestAt)
      .where(sql`${t.sales} = 'digest'`),
  ],
);
