import { bigint, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Countries and their currency. `id` is the ISO 3166 alpha-2 code, which is also what the
 * client stores as `countryId`. Rates are operator-maintained.
 */
export const countries = pgTable('countries', {
  id: varchar('id', { length: 2 }).primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
  currency: varchar('currency', { length: 80 }).notNull(),
  currencyCode: varchar('currency_code', { length: 3 }).notNull(),
  currencySymbol: varchar('currency_symbol', { length: 8 }).notNull(),
  currencyMinorDigits: smallint('currency_minor_digits').notNull().default(2),
  /** Millionths of the currency's major unit that one US dollar buys. */
  ratePerUsdMicros: bigint('rate_per_usd_micros', { mode: 'number' }).notNull(),
  sort: smallint('sort').notNull().default(100),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
