import {
  formatPercentMicros,
  parsePercentMicros,
  type TTaxRate,
  type TTaxRatePage,
  type TTaxRatePageQuery,
  type TTaxRateRequest,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import {
  deleteTaxRate,
  findTaxRate,
  insertTaxRate,
  isTaxRateTaken,
  pageTaxRateRows,
  updateTaxRate,
  type TaxRateFields,
  type TaxRateRow,
} from './taxes.repository';

function toTaxRate(row: TaxRateRow): TTaxRate {
  return {
    id: String(row.id),
    countryCode: row.countryCode,
    region: row.region,
    name: row.name,
    rateMicros: row.rateMicros,
    rate: formatPercentMicros(row.rateMicros),
    inclusive: row.inclusive,
    shippingTaxed: row.shippingTaxed,
    validFrom: row.validFrom,
    createTime: formatDateTime(row.createdAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}

/** One rate per country, region and first day: the day a second one would start is taken. */
const duplicate = () => AppError.field('validFrom', 'taxes.duplicate');

export async function pageTaxRates(db: AppDatabase, query: TTaxRatePageQuery): Promise<TTaxRatePage> {
  const { rows, total } = await pageTaxRateRows(db, query);
  return { list: rows.map(toTaxRate), total };
}

/** Adds (`id` null) or changes a rate; nothing is written when the body is refused. */
export async function saveTaxRate(
  db: AppDatabase,
  id: number | null,
  body: TTaxRateRequest,
): Promise<TTaxRate> {
  const rateMicros = parsePercentMicros(body.rate);
  // The contract refuses such a text; reaching here would be a bug, not a bad request.
  if (rateMicros === null) throw new Error('rate passed the contract but does not parse');
  const fields: TaxRateFields = {
    countryCode: body.countryCode,
    region: body.region,
    name: body.name,
    rateMicros,
    inclusive: body.inclusive,
    shippingTaxed: body.shippingTaxed,
    validFrom: body.validFrom,
  };
  if (id !== null && !(await findTaxRate(db, id))) throw AppError.notFound();
  if (await isTaxRateTaken(db, fields, id ?? undefined)) throw duplicate();
  let row: TaxRateRow | undefined;
  try {
    row = id === null ? await insertTaxRate(db, fields) : await updateTaxRate(db, id, fields);
  } catch (error) {
    // Two saves of the same day at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  if (!row) throw AppError.notFound();
  return toTaxRate(row);
}

export async function removeTaxRate(db: AppDatabase, id: number): Promise<void> {
  if (!(await deleteTaxRate(db, id))) throw AppError.notFound();
}
