import type { TCountry } from '@linkstore/contract';
import { asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { countries } from './countries.table';
import { containsPattern } from '../../platform/db/like';

export function toCountry(row: typeof countries.$inferSelect): TCountry {
  return {
    id: row.id,
    code: row.id,
    name: row.name,
    currency: row.currency,
    currency_jc: row.currencyCode,
    currency_symbol: row.currencySymbol,
    currency_minor_digits: row.currencyMinorDigits,
    rate_per_usd_micros: row.ratePerUsdMicros,
  };
}

/** Keywords match the name, the code or the currency code; LIKE wildcards match themselves. */
export function countryFilter(keywords?: string): SQL | undefined {
  if (!keywords) return undefined;
  const pattern = containsPattern(keywords);
  return or(
    ilike(countries.name, pattern),
    ilike(countries.id, pattern),
    ilike(countries.currencyCode, pattern),
  );
}

/** The seeded order (US first), then by name. */
export const countryOrder = [asc(countries.sort), asc(countries.name)] as const;

export async function listCountries(db: AppDatabase, keywords?: string): Promise<TCountry[]> {
  const rows = await db
    .select()
    .from(countries)
    .where(countryFilter(keywords))
    .orderBy(...countryOrder);
  return rows.map(toCountry);
}

/** The country a signed-in user chose, if any. */
export async function findUserCountry(db: AppDatabase, userId: number): Promise<string | null> {
  const [row] = await db.select({ countryId: users.countryId }).from(users).where(eq(users.id, userId));
  return row?.countryId ?? null;
}
