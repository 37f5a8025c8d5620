import { isStorableText } from '@linkstore/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../errors/app-error';

/** The first sheet of an .xlsx, or undefined when the bytes are no workbook (or hold no sheet). */
export async function firstSheet(bytes: Uint8Array): Promise<ExcelJS.Worksheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as its own `Buffer` (an ArrayBuffer); a Node Buffer is what it reads.
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await workbook.xlsx.load(input as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  } catch {
    return undefined;
  }
  return workbook.worksheets[0];
}

/** A data row of a sheet: its number (the header is row 1) and its trimmed cell texts by column. */
export interface SheetRow<C extends string> {
  row: number;
  cells: Record<C, string>;
}

export interface SheetColumns<C extends string> {
  /** The columns, in this order when the header row names none of them. */
  columns: readonly C[];
  /** Header text, normalised, → column (each column's key and its name in every language). */
  headerNames: ReadonlyMap<string, C>;
  normalize: (header: string) => string;
  /** More data rows than this: `isTooMany`, and the rows read stop there. */
  maxRows: number;
}

/**
 * The data rows of an import sheet. Row 1 is always the header: columns are found by their
 * header (the first of each wins); when no header is recognised, by position. Empty rows are
 * skipped. A cell read holding text no column can keep (a NUL or half an emoji, which a sheet
 * can carry as `_x0000_`) refuses the whole file on its `file` field, naming the cell: nothing
 * is imported, and no query ever sees it.
 */
export function sheetRows<C extends string>(
  sheet: ExcelJS.Worksheet,
  spec: SheetColumns<C>,
): { rows: SheetRow<C>[]; isTooMany: boolean } {
  const positions = new Map<C, number>();
  sheet.getRow(1).eachCell((cell, index) => {
    const column = spec.headerNames.get(spec.normalize(cell.text));
    if (column && !positions.has(column)) positions.set(column, index);
  });
  if (positions.size === 0) spec.columns.forEach((column, i) => positions.set(column, i + 1));

  const rows: SheetRow<C>[] = [];
  let isTooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1 || isTooMany) return;
    const cells = Object.fromEntries(
      spec.columns.map((column) => {
        const index = positions.get(column);
        if (index === undefined) return [column, ''];
        const cell = row.getCell(index);
        const text = cell.text.trim();
        if (!isStorableText(text))
          throw AppError.field('file', 'validation.unstorableCell', { cell: cell.address });
        return [column, text];
      }),
    ) as Record<C, string>;
    if (Object.values<string>(cells).every((value) => value === '')) return;
    if (rows.length >= spec.maxRows) isTooMany = true;
    else rows.push({ row: number, cells });
  });
  return { rows, isTooMany };
}
