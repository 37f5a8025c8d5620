import { ErrorCode, LANGUAGES, USER_IMPORT_MAX_ROWS, type TLanguage } from '@linkstore/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors/app-error';
import { translate, type MessageKey } from '../../platform/i18n/translate';
import { firstSheet, sheetRows, type SheetRow } from '../../platform/xlsx/sheet-rows';
import { checkXlsxZip } from '../../platform/xlsx/xlsx-zip';

/** The columns of the template and of an import, in this order. */
export const IMPORT_COLUMNS = ['username', 'nickname', 'gender', 'mobile', 'email', 'roles', 'dept'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** The export adds these after the import columns, so an export can be imported again. */
export const EXPORT_COLUMNS = [...IMPORT_COLUMNS, 'deptName', 'status', 'createTime'] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export interface ExportRow {
  username: string;
  nickname: string;
  gender: 0 | 1 | 2;
  mobile: string;
  email: string;
  roles: string;
  dept: string;
  deptName: string;
  status: 0 | 1;
  createTime: string;
}

/** A data row: its number in the sheet (the header is row 1) and its cells by column. */
export type ImportRow = SheetRow<ImportColumn>;

const columnKey = (column: ExportColumn): MessageKey => `users.column.${column}`;
/** The refusals of an import file, each under its code (ERROR_HTTP_STATUS gives the status). */
const REFUSAL_CODES = {
  'users.import.notXlsx': ErrorCode.FILE_UNREADABLE,
  'users.import.noRows': ErrorCode.FILE_UNREADABLE,
  'users.import.tooManyRows': ErrorCode.TOO_MANY_ROWS,
} as const;
const refused = (key: keyof typeof REFUSAL_CODES, params: Record<string, number> = {}) =>
  AppError.of(REFUSAL_CODES[key], key, params);

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function newSheet(lang: TLanguage, columns: readonly ExportColumn[]) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LinkStore';
  const sheet = workbook.addWorksheet(translate(lang, 'users.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    header: translate(lang, columnKey(column)),
    key: column,
    width: column === 'email' || column === 'roles' ? 28 : 18,
  }));
  sheet.getRow(1).font = { bold: true };
  return { workbook, sheet };
}

const templates = new Map<TLanguage, Promise<Buffer>>();

/**
 * The import template: the column headers in the caller's language, nothing else. Built once per
 * language (writing a workbook costs tens of milliseconds of CPU; the file never changes).
 */
export function buildTemplate(lang: TLanguage): Promise<Buffer> {
  let template = templates.get(lang);
  if (!template) {
    template = toBuffer(newSheet(lang, IMPORT_COLUMNS).workbook);
    templates.set(lang, template);
    template.catch(() => templates.delete(lang));
  }
  return template;
}

export async function buildExport(lang: TLanguage, rows: ExportRow[]): Promise<Buffer> {
  const { workbook, sheet } = newSheet(lang, EXPORT_COLUMNS);
  for (const row of rows) {
    sheet.addRow({
      ...row,
      gender: translate(lang, `users.gender.${row.gender}`),
      status: translate(lang, `users.status.${row.status}`),
    });
  }
  // Text, so Excel keeps leading zeros and `+` of mobile numbers.
  sheet.getColumn('mobile').numFmt = '@';
  return toBuffer(workbook);
}

/** Header text → column, in any of the languages (and the column's own name). */
const HEADER_NAMES: Map<string, ImportColumn> = (() => {
  const names = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS) {
    names.set(normalizeHeader(column), column);
    for (const lang of LANGUAGES) names.set(normalizeHeader(translate(lang, columnKey(column))), column);
  }
  return names;
})();

function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/[\s*:：]/g, '');
}

/**
 * The data rows of the first sheet. Row 1 is the header: columns are found by their header in
 * any language; when no header is recognised, by position (the template's order). Empty rows
 * are skipped.
 */
export async function readImportRows(bytes: Uint8Array): Promise<ImportRow[]> {
  // Not a zip every reader reads alike (A0446), or too large unpacked (A0413).
  await checkXlsxZip(bytes);
  const sheet = await firstSheet(bytes);
  // Not a workbook, or a zip without a sheet: some other zip.
  if (!sheet) throw refused('users.import.notXlsx');
  const { rows, isTooMany } = sheetRows(sheet, {
    columns: IMPORT_COLUMNS,
    headerNames: HEADER_NAMES,
    normalize: normalizeHeader,
    maxRows: USER_IMPORT_MAX_ROWS,
  });
  if (isTooMany) throw refused('users.import.tooManyRows', { max: USER_IMPORT_MAX_ROWS });
  if (rows.length === 0) throw refused('users.import.noRows');
  return rows;
}
