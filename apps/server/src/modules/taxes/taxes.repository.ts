import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';
import { taxRates } from './taxes.table';

export type TaxRateRow = typeof taxRates.$inferSelect;
export type TaxRateFields = Pick<
  TaxRateRow,
  'countryCode' | 'region' | 'name' | 'rateMicros' | 'inclusive' | 'shippingTaxed' | 'validFrom'
>;

function matching(query: {
  countryCode?: string | undefined;
  keywords?: string | undefined;
}): SQL | undefined {
  const pattern = query.keywords ? containsPattern(query.keywords) : undefined;
  return and(
    query.countryCode ? eq(taxRates.countryCode, query.countryCode) : undefined,
    pattern
      ? or(
          ilike(taxRates.name, pattern),
          ilike(taxRates.region, pattern),
          ilike(taxRates.countryCode, pattern),
        )
      : undefined,
  );
}

/** By country, the whole country's rows before its regions', the newest rate first. */
export async function pageTaxRateRows(
  db: AppDatabase,
  query: {
    pageNum: number;
    pageSize: number;
    countryCode?: string | undefined;
    keywords?: string | undefined;
  },
): Promise<{ rows: TaxRateRow[]; total: number }> {
  const where = matching(query);
  const [totalRow] = await db.select({ total: count() }).from(taxRates).where(where);
  const rows = await db
    .select()
    .from(taxRates)
    .where(where)
    .orderBy(asc(taxRates.countryCode), asc(taxRates.region), desc(taxRates.validFrom), asc(taxRates.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findTaxRate(db: AppDatabase, id: number): Promise<TaxRateRow | undefined> {
  const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id)).limit(1);
  return row;
}

/** Whether another rate than `exceptId` already starts that day for that country and region. */
export async function isTaxRateTaken(
  db: AppDatabase,
  key: Pick<TaxRateFields, 'countryCode' | 'region' | 'validFrom'>,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.countryCode, key.countryCode),
        eq(taxRates.region, key.region),
        eq(taxRates.validFrom, key.validFrom),
        exceptId === undefined ? undefined : ne(taxRates.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertTaxRate(db: AppDatabase, fields: TaxRateFields): Promise<TaxRateRow> {
  const [row] = await db.insert(taxRates).values(fields).returning();
  if (!row) throw new Error('tax rate not inserted');
  return row;
}

export async function updateTaxRate(
  db: AppDatabase,
  id: number,
  fields: TaxRateFields,
): Promise<TaxRateRow | undefined> {
  const [row] = await db
    .update(taxRates)
    .set({ ...fields, updatedAt: stampNow() })
    .where(eq(taxRates.id, id))
    .returning();
  return row;
}

export async function deleteTaxRate(db: AppDatabase, id: number): Promise<boolean> {
  const rows = await db.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
  return rows.length > 0;
}

/**
 * The rows in force on `day` (`yyyy-MM-dd`) for a country: per region asked for ('' is the
 * whole country), the one with the latest `valid_from` not after the day.
 */
export async function taxRatesInForce(
  db: AppDatabase,
  countryCode: string,
  day: string,
  regions?: readonly string[],
): Promise<TaxRateRow[]> {
  return db
    .selectDistinctOn([taxRates.region])
    .from(taxRates)
    .where(
      and(
        eq(taxRates.countryCode, countryCode),
        lte(taxRates.validFrom, day),
        regions === undefined ? undefined : inArray(taxRates.region, [...regions]),
      ),
    )
    .orderBy(asc(taxRates.region), desc(taxRates.validFrom));
}
