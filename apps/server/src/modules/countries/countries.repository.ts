import type { TCountry } from '@linkstore/contract';
import { asc, ilike, or } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { countries } from './countries.table';

function toCountry(row: typeof countries.$inferSelect): TCountry {
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

export async function listCountries(db: AppDatabase, keywords?: string): Promise<TCountry[]> {
  const pattern = keywords ? `%${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select()
    .from(countries)
    .where(
      pattern
        ? or(
            ilike(countries.name, pattern),
            ilike(countries.id, pattern),
            ilike(countries.currencyCode, pattern),
          )
        : undefined,
    )
    .orderBy(asc(countries.sort), asc(countries.name));
  return rows.map(toCountry);
}
