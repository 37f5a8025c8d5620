import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Sales tax / VAT rates the platform charges as the seller of record (migration 0038, issue 34).
 * One row per country (`region` '') or region/state/province, from `valid_from` on: a change of
 * rate is a new row, so the rate in force on any day (an order's, a refund's) can be told later.
 * Operator-maintained; the seed adds the starting rates only where missing.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** ISO 3166-1 alpha-2. */
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    /** ISO 3166-2's part after the dash ('ON', 'NY'); '' for the whole country. */
    region: varchar('region', { length: 3 }).notNull().default(''),
    name: varchar('name', { length: 40 }).notNull(),
    /** Millionths: 19 % = 190000. */
    rateMicros: integer('rate_micros').notNull(),
    /** Prices are shown tax-inclusive there (net + tax, "incl. VAT"); they are net all the same. */
    inclusive: boolean('inclusive').notNull().default(false),
    shippingTaxed: boolean('shipping_taxed').notNull().default(false),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_rates_country_region_valid_from_key').on(t.countryCode, t.region, t.validFrom),
    check('tax_rates_rate_range', sql`${t.rateMicros} between 0 and 1000000`),
    check('tax_rates_country_code_format', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('tax_rates_region_format', sql`${t.region} ~ '^[A-Z0-9]{0,3}$'`),
  ],
);
