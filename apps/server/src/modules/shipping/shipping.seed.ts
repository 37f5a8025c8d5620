import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { queryRows } from '../../platform/db/rows';
import { shippingMethods, shippingZones } from './shipping.table';

type SeedMethod = Omit<typeof shippingMethods.$inferInsert, 'zoneId'>;
interface SeedZone {
  name: string;
  countries: string[];
  sort: number;
  methods: SeedMethod[];
}

/** The 27 members of the European Union. */
const EU = [
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'],
  ...['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
];

const items = (
  name: string,
  first: number,
  additional: number,
  days: [number, number],
  freeOver: number | null,
  sort: number,
): SeedMethod => ({
  name,
  kind: 'items',
  firstItemMinor: first,
  additionalItemMinor: additional,
  minDays: days[0],
  maxDays: days[1],
  freeOverMinor: freeOver,
  sort,
});

/**
 * The demo install's zones (decision 0056: a production install starts with none): every country
 * the countries seed shows, in US cents. Names are stored in English (the console translates its
 * own labels, not operators' names).
 */
export const SEED_ZONES: SeedZone[] = [
  {
    name: 'United States',
    countries: ['US'],
    sort: 10,
    methods: [items('Standard', 499, 150, [3, 5], 7500, 1), items('Express', 1499, 300, [1, 2], null, 2)],
  },
  {
    name: 'Canada',
    countries: ['CA'],
    sort: 20,
    methods: [items('Standard', 899, 200, [5, 10], 10_000, 1), items('Express', 2499, 400, [2, 4], null, 2)],
  },
  {
    name: 'European Union',
    countries: EU,
    sort: 30,
    methods: [items('Standard', 999, 200, [4, 8], 9000, 1), items('Express', 2999, 500, [2, 3], null, 2)],
  },
  {
    name: 'United Kingdom',
    countries: ['GB'],
    sort: 40,
    methods: [items('Standard', 799, 150, [3, 6], 8000, 1), items('Express', 1999, 400, [1, 3], null, 2)],
  },
  {
    name: 'Australia',
    countries: ['AU'],
    sort: 50,
    methods: [items('Standard', 1299, 300, [6, 12], 12_000, 1)],
  },
  {
    name: 'Rest of world',
    countries: ['BR', 'MX', 'CN'],
    sort: 90,
    methods: [
      {
        name: 'International',
        kind: 'weight',
        weightBands: [
          { upToGrams: 500, rateMinor: 1499 },
          { upToGrams: 1000, rateMinor: 2299 },
          { upToGrams: 2000, rateMinor: 3499 },
          { upToGrams: 5000, rateMinor: 5999 },
        ],
        minDays: 10,
        maxDays: 25,
        freeOverMinor: null,
        sort: 1,
      },
    ],
  },
];

/**
 * Inserts the starting zones on an install that never had one. Once any zone was saved they are
 * operators' to keep: a zone deleted on purpose (no longer shipping somewhere) must not come
 * back on the next start, so the zone id sequence having been used is what says "seeded".
 */
export async function seedShipping(db: AppDatabase): Promise<number> {
  const [sequence] = await queryRows<{ is_called: boolean }>(
    db,
    sql`select is_called from shipping_zones_id_seq`,
  );
  if (sequence?.is_called) return 0;
  for (const { methods, ...zone } of SEED_ZONES) {
    const [row] = await db.insert(shippingZones).values(zone).returning({ id: shippingZones.id });
    if (!row) throw new Error('shipping zone insert returned no row');
    await db.insert(shippingMethods).values(methods.map((method) => ({ zoneId: row.id, ...method })));
  }
  return SEED_ZONES.length;
}
