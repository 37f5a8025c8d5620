import {
  formatRateMicros,
  parseRateMicros,
  type TCountry,
  type TCountryPageItem,
  type TCountryPageQuery,
  type TCountryUpdateRequest,
  type TPage,
} from '@linkstore/contract';
import { count, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import { countryFilter, countryOrder, toCountry } from './countries.repository';
import { countries } from './countries.table';
import { stampNow } from '../../platform/db/stamp';

/** The operators' page of currency rates, in the public list's order. */
export async function pageCountryRates(
  db: AppDatabase,
  query: TCountryPageQuery,
): Promise<TPage<TCountryPageItem>> {
  const where = countryFilter(query.keywords);
  const rows = await db
    .select()
    .from(countries)
    .where(where)
    .orderBy(...countryOrder)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [totalRow] = await db.select({ total: count() }).from(countries).where(where);
  const list = rows.map((row): TCountryPageItem => ({
    ...toCountry(row),
    rate: formatRateMicros(row.ratePerUsdMicros),
    updateTime: formatDateTime(row.updatedAt),
  }));
  return { list, total: totalRow?.total ?? 0 };
}

/** Sets a country's rate (the decimal becomes integer micros), symbol and decimals. */
export async function updateCountryRate(
  db: AppDatabase,
  id: string,
  body: TCountryUpdateRequest,
): Promise<TCountry> {
  const micros = parseRateMicros(body.rate);
  // The contract refuses such a text; reaching here would be a bug, not a bad request.
  if (micros === null) throw new Error('rate passed the contract but does not parse');
  const [row] = await db
    .update(countries)
    .set({
      ratePerUsdMicros: micros,
      currencySymbol: body.currencySymbol,
      updatedAt: stampNow(),
    })
    .where(eq(countries.id, id))
    .returning();
  if (!row) throw AppError.notFound();
  return toCountry(row);
}
