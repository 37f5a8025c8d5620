import type { TShippingMethodKind, TWeightBand } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Shipping zones (migration 0037): the ISO alpha-2 countries a zone ships to, and per country
 * the region codes it is limited to (`{"US": ["AK", "HI"]}`; a country without a list is whole).
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    countries: text('countries').array().notNull(),
    regions: jsonb('regions')
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    sort: smallint('sort').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('shipping_zones_name_not_blank', sql`length(btrim(${t.name})) > 0`),
    check('shipping_zones_countries_not_empty', sql`cardinality(${t.countries}) >= 1`),
    check('shipping_zones_regions_object', sql`jsonb_typeof(${t.regions}) = 'object'`),
    check('shipping_zones_sort_range', sql`${t.sort} BETWEEN 0 AND 9999`),
  ],
);

/**
 * A zone's ways to ship, in US cents: `items` by first + each additional item, `weight` by the
 * first band (ascending `upToGrams`) the parcel fits. Each kind keeps only its own prices.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    zoneId: bigint('zone_id', { mode: 'number' })
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<TShippingMethodKind>().notNull(),
    firstItemMinor: integer('first_item_minor').notNull().default(0),
    additionalItemMinor: integer('additional_item_minor').notNull().default(0),
    weightBands: jsonb('weight_bands')
      .$type<TWeightBand[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    minDays: smallint('min_days').notNull(),
    maxDays: smallint('max_days').notNull(),
    freeOverMinor: integer('free_over_minor'),
    currencyCode: varchar('currency_code', { length: 3 }).notNull().default('USD'),
    sort: smallint('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('shipping_methods_zone_idx').on(t.zoneId, t.sort),
    check('shipping_methods_name_not_blank', sql`length(btrim(${t.name})) > 0`),
    check('shipping_methods_kind', sql`${t.kind} IN ('items', 'weight')`),
    check(
      'shipping_methods_item_rates_range',
      sql`${t.firstItemMinor} BETWEEN 0 AND 1000000 AND ${t.additionalItemMinor} BETWEEN 0 AND 1000000`,
    ),
    check(
      'shipping_methods_kind_prices',
      sql`jsonb_typeof(${t.weightBands}) = 'array' AND ((${t.kind} = 'items' AND jsonb_array_length(${t.weightBands}) = 0) OR (${t.kind} = 'weight' AND jsonb_array_length(${t.weightBands}) BETWEEN 1 AND 20 AND ${t.firstItemMinor} = 0 AND ${t.additionalItemMinor} = 0))`,
    ),
    check(
      'shipping_methods_days',
      sql`${t.minDays} BETWEEN 1 AND 60 AND ${t.maxDays} BETWEEN ${t.minDays} AND 60`,
    ),
    check(
      'shipping_methods_free_over_range',
      sql`${t.freeOverMinor} IS NULL OR ${t.freeOverMinor} BETWEEN 0 AND 1000000`,
    ),
    check('shipping_methods_currency', sql`${t.currencyCode} = 'USD'`),
    check('shipping_methods_sort_range', sql`${t.sort} BETWEEN 0 AND 9999`),
  ],
);
