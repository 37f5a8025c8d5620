// The countries module's face: the operators' currency rates, for modules that convert US cents
// (checkout's EU import value in euros). Rates change only through the console routes.
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { countries } from './countries.table';

/** A currency's rate as operators keep it: millionths of its major unit per US dollar, and its decimals. */
export interface CurrencyRate {
  ratePerUsdMicros: number;
  minorDigits: number;
}

/**
 * The rate of `currencyCode` (e.g. 'EUR'), or null when no country uses it. Several countries
 * share a currency: the first in the public list's order (sort, then code) gives it, as the
 * storefront's currency list reads it.
 */
export async function currencyRateOf(db: AppDatabase, currencyCode: string): Promise<CurrencyRate | null> {
  const [row] = await db
    .select({ ratePerUsdMicros: countries.ratePerUsdMicros, minorDigits: countries.currencyMinorDigits })
    .from(countries)
    .where(eq(countries.currencyCode, currencyCode))
    .orderBy(asc(countries.sort), asc(countries.id))
    .limit(1);
  return row && row.ratePerUsdMicros > 0 ? row : null;
}
