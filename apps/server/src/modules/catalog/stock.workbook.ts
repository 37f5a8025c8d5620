import { ErrorCode, LANGUAGES, STOCK_SHEET_MAX_ROWS, type TLanguage } from '@linkstore/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors/app-error';
import { translate, type MessageKey } from '../../platform/i18n/translate';
import { firstSheet, sheetRows, type SheetRow } from '../../platform/xlsx/sheet-rows';
import { checkXlsxZip } from '../../platform/xlsx/xlsx-zip';
import type { StockSheetRow } from './variants.repository';

/*
 * The stock sheet (decision 0055): one row per variant, read and written like the users import
 * and export — the same zip guard before the workbook library unpacks anything (not a workbook:
 * A0446; too large unpacked: A0413), the same refusal of too many rows (A0445).
 */

/** The sheet's columns, in this order; an import reads `sku` and `stock` and ignores the rest. */
export const STOCK_COLUMNS = ['sku', 'product', 'variant', 'stock', 'status'] as const;
type StockColumn = (typeof STOCK_COLUMNS)[number];
/** The columns an import cannot do without. */
const REQUIRED: readonly StockColumn[] = ['sku', 'stock'];

const columnKey = (column: StockColumn): MessageKey => `catalog.stock.column.${column}`;
const normalizeHeader = (text: string) => text.toLowerCase().replace(/[\s*:：._-]/g, '');

/** Header text → column: the column's key or its header in any of the five languages. */
const HEADER_NAMES: Map<string, StockColumn> = (() => {
  const names = new Map<string, StockColumn>();
  for (const column of STOCK_COLUMNS) {
    names.set(normalizeHeader(column), column);
    for (const lang of LANGUAGES) names.set(normalizeHeader(translate(lang, columnKey(column))), column);
  }
  return names;
})();

/** Every variant as an .xlsx, with the headers (and on/off) in the caller's language. */
export async function buildStockSheet(lang: TLanguage, rows: readonly StockSheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LinkStore';
  const sheet = workbook.addWorksheet(translate(lang, 'catalog.stock.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = STOCK_COLUMNS.map((column) => ({
    header: translate(lang, columnKey(column)),
    key: column,
    width: column === 'product' ? 40 : column === 'sku' || column === 'variant' ? 24 : 12,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      sku: row.sku,
      product: row.title,
      variant: row.label,
      stock: row.stock,
      status: translate(lang, row.status === 1 ? 'catalog.stock.status.1' : 'catalog.stock.status.0'),
    } satisfies Record<StockColumn, string | number>);
  }
  // Text, so Excel keeps a SKU of digits as it is (leading zeros, long runs).
  sheet.getColumn('sku').numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A data row of an import: its number in the sheet (the header is row 1) and its cells. */
export type StockImportRow = SheetRow<StockColumn>;

/**
 * The data rows of the first sheet. Row 1 must be the header, naming at least the SKU and stock
 * columns (in any language, or by their keys `sku` and `stock`); empty rows are skipped.
 */
export async function readStockRows(bytes: Uint8Array, lang: TLanguage): Promise<StockImportRow[]> {
  await checkXlsxZip(bytes);
  const sheet = await firstSheet(bytes);
  if (!sheet) throw AppError.of(ErrorCode.FILE_UNREADABLE, 'users.import.notXlsx');
  const found = new Set<StockColumn>();
  sheet.getRow(1).eachCell((cell) => {
    const column = HEADER_NAMES.get(normalizeHeader(cell.text));
    if (column) found.add(column);
  });
  if (REQUIRED.some((column) => !found.has(column))) {
    throw AppError.of(ErrorCode.FILE_UNREADABLE, 'catalog.stock.headerMissing', {
      columns: REQUIRED.map((column) => translate(lang, columnKey(column))).join(', '),
    });
  }
  const { rows, isTooMany } = sheetRows(sheet, {
    columns: STOCK_COLUMNS,
    headerNames: HEADER_NAMES,
    normalize: normalizeHeader,
    maxRows: STOCK_SHEET_MAX_ROWS,
  });
  if (isTooMany) {
    throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'catalog.stock.tooManyRows', { max: STOCK_SHEET_MAX_ROWS });
  }
  if (rows.length === 0) throw AppError.of(ErrorCode.FILE_UNREADABLE, 'catalog.stock.noRows');
  return rows;
}
