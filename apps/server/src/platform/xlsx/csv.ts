/**
 * CSV files as every export writes them (RFC 4180): a BOM, so Excel reads the file as UTF-8,
 * comma-separated fields, CRLF line ends.
 */

export const CSV_MIME_TYPE = 'text/csv; charset=utf-8';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (a buyer named
 * `=HYPERLINK(…)` would become a link on the reader's screen; TAB and CR are stripped first by
 * some spreadsheets, leaving what follows them to run).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field. A text cell (`text: true`) that a spreadsheet would run as a formula is prefixed
 * with `'`, which spreadsheets read as "this is text"; a number ("-12.50") is written as it is.
 * Quoted when it holds a separator, a quote or a line break.
 */
export function csvField(value: string, { text }: { text: boolean }): string {
  const safe = text && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of fields already written by `csvField` as the file's bytes: a BOM, then CRLF after each row. */
export function csvFile(rows: readonly (readonly string[])[]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((row) => `${row.join(',')}\r\n`).join('')}`, 'utf8');
}
