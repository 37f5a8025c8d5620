import {
  ErrorCode,
  MAX_VARIANT_STOCK,
  STOCK_SHEET_MAX_ROWS,
  stockRowField,
  ZSku,
  type TLanguage,
  type TStockImportResult,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import type { MessageKey, MessageParams } from '../../platform/i18n/translate';
import { buildStockSheet, readStockRows } from './stock.workbook';
import { countVariants, listStockSheet, lockVariantsBySku, setVariantStocks } from './variants.repository';

/*
 * Every variant's stock out to an .xlsx and back in by SKU (decision 0055). An import is all or
 * nothing: every row is checked — the SKU present, well formed, once in the file and known; the
 * stock a whole number from 0 to MAX_VARIANT_STOCK — and a file with any bad row writes nothing.
 */

/** Cell values quoted back in messages are cut short. */
const quote = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
/** The headline names at most this many rows; the fields name every problem. */
const ROWS_NAMED = 20;
const WHOLE_NUMBER = /^\d{1,9}(?:\.0+)?$/;

/** Every variant (by product, then its order) as an .xlsx; more than the sheet holds is refused (A0445). */
export async function exportStock(db: AppDatabase, lang: TLanguage): Promise<Buffer> {
  if ((await countVariants(db)) > STOCK_SHEET_MAX_ROWS) {
    throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'catalog.stock.tooManyVariants', {
      max: STOCK_SHEET_MAX_ROWS,
    });
  }
  return buildStockSheet(lang, await listStockSheet(db, STOCK_SHEET_MAX_ROWS));
}

interface StockRow {
  row: number;
  sku: string;
  stock: number;
}

/** The problems of a file, row by row, refused together (A0400, one field `rows.<n>` each). */
function refuse(problems: (FieldProblem & { row: number })[]): AppError {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  const rows = [...new Set(sorted.map((p) => p.row))];
  const named = rows.slice(0, ROWS_NAMED).join(', ') + (rows.length > ROWS_NAMED ? ', …' : '');
  return AppError.fields(
    sorted.map(({ field, key, params }) => ({ field, key, params })),
    ErrorCode.VALIDATION_FAILED,
    { key: 'catalog.stock.rowsRefused', params: { rows: named, count: rows.length } },
  );
}

/**
 * Sets the stock of each SKU of the sheet, all in one transaction once every row has passed;
 * answers how many variants changed and how many already had that stock.
 */
export async function importStock(
  db: AppDatabase,
  bytes: Uint8Array,
  lang: TLanguage,
): Promise<TStockImportResult> {
  const rows = await readStockRows(bytes, lang);
  const problems: (FieldProblem & { row: number })[] = [];
  const problem = (row: number, key: MessageKey, params: MessageParams = {}) =>
    problems.push({ row, field: stockRowField(row), key, params: { row, ...params } });

  /** Each SKU (lower case) → the first row naming it, as written there. */
  const firstRowOf = new Map<string, { row: number; sku: string }>();
  const valid: StockRow[] = [];
  for (const { row, cells } of rows) {
    let sku: string | undefined;
    if (cells.sku === '') problem(row, 'catalog.stock.skuMissing');
    else if (!ZSku.safeParse(cells.sku).success)
      problem(row, 'catalog.stock.skuInvalid', { value: quote(cells.sku) });
    else {
      const first = firstRowOf.get(cells.sku.toLowerCase());
      if (first !== undefined)
        problem(row, 'catalog.stock.skuRepeated', { sku: cells.sku, first: first.row });
      else {
        firstRowOf.set(cells.sku.toLowerCase(), { row, sku: cells.sku });
        sku = cells.sku;
      }
    }
    const stock = WHOLE_NUMBER.test(cells.stock) ? Number(cells.stock) : Number.NaN;
    if (!(stock >= 0 && stock <= MAX_VARIANT_STOCK)) {
      problem(row, 'catalog.stock.stockInvalid', { value: quote(cells.stock), max: MAX_VARIANT_STOCK });
    } else if (sku !== undefined) valid.push({ row, sku, stock });
  }

  return withTransaction(db, async (tx) => {
    const found = new Map(
      (await lockVariantsBySku(tx, [...firstRowOf.keys()])).map((v) => [v.sku.toLowerCase(), v]),
    );
    for (const [key, { row, sku }] of firstRowOf) {
      if (!found.has(key)) problem(row, 'catalog.stock.skuUnknown', { sku });
    }
    if (problems.length > 0) throw refuse(problems);

    const changes: { variantId: number; stock: number }[] = [];
    for (const { sku, stock } of valid) {
      const variant = found.get(sku.toLowerCase());
      if (variant && variant.stock !== stock) changes.push({ variantId: variant.id, stock });
    }
    await setVariantStocks(tx, changes);
    return { updated: changes.length, unchanged: valid.length - changes.length };
  });
}
