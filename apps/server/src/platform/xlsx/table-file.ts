import { minorDigitsOf, minorToDecimal, XLSX_MIME_TYPE, type TExportFormat } from '@linkstore/contract';
import ExcelJS from 'exceljs';
import { csvField, csvFile, CSV_MIME_TYPE } from './csv';

/**
 * A table written as CSV or as an .xlsx with the same header and rows, for the exports a person
 * downloads. Text stays text in both: in CSV a cell a spreadsheet would run as a formula is
 * prefixed with `'`; in the .xlsx every text cell is a string cell, never a formula.
 */

/** An amount in minor units of its currency. */
export interface MoneyCell {
  minor: number;
  currencyCode: string;
}

/** A cell: text, a whole number (a count), or an amount. */
export type TableCell = string | number | MoneyCell;

export interface TableColumn {
  /** The header, already in the reader's language. */
  header: string;
  /** The .xlsx column's width in characters. */
  width: number;
}

export interface Table {
  /** The .xlsx sheet's name, in the reader's language. */
  sheet: string;
  columns: readonly TableColumn[];
  rows: readonly (readonly TableCell[])[];
}

export interface TableFile {
  content: Buffer;
  contentType: string;
  /** `csv` or `xlsx`, for the file's name. */
  extension: TExportFormat;
}

/** The exact decimal text of an amount in its currency: "12.34", "-0.50", "2500" for JPY. */
const decimalOf = (money: MoneyCell) => minorToDecimal(money.minor, minorDigitsOf(money.currencyCode));

/** The number format of an amount: the currency's decimals ("0.00"; "0" for JPY). */
function moneyFormat(currencyCode: string): string {
  const digits = minorDigitsOf(currencyCode);
  return digits === 0 ? '0' : `0.${'0'.repeat(digits)}`;
}

function csvCell(cell: TableCell): string {
  if (typeof cell === 'string') return csvField(cell, { text: true });
  if (typeof cell === 'number') return csvField(String(cell), { text: false });
  return csvField(decimalOf(cell), { text: false });
}

/** The table as CSV: the header row, then one row per row; amounts as exact decimals. */
export function tableCsv(table: Table): Buffer {
  return csvFile([
    table.columns.map((column) => csvField(column.header, { text: true })),
    ...table.rows.map((row) => row.map(csvCell)),
  ]);
}

/**
 * The table as an .xlsx: a bold, frozen header row, text as string cells, counts as numbers and
 * amounts as the numbers the CSV's decimals name, in their currency's format, so a spreadsheet
 * sums them.
 */
export async function tableXlsx(table: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LinkStore';
  const sheet = workbook.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(
      row.map((cell) => (typeof cell === 'object' ? Number(decimalOf(cell)) : cell)),
    );
    row.forEach((cell, index) => {
      if (typeof cell === 'object') added.getCell(index + 1).numFmt = moneyFormat(cell.currencyCode);
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The table in the format asked for, with its content type. */
export async function tableFile(table: Table, format: TExportFormat): Promise<TableFile> {
  return format === 'csv'
    ? { content: tableCsv(table), contentType: CSV_MIME_TYPE, extension: 'csv' }
    : { content: await tableXlsx(table), contentType: XLSX_MIME_TYPE, extension: 'xlsx' };
}
