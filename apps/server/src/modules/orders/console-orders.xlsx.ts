import {
  ErrorCode,
  isTrackingNo,
  LANGUAGES,
  minorDigitsOf,
  minorToDecimal,
  SHIPPING_CARRIERS,
  ZOrderNo,
  type TLanguage,
  type TShipImportAnswer,
  type TShippingCarrier,
  type ZConsoleOrdersQuery,
  variantTitle,
} from '@linkstore/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { translate, type MessageKey, type MessageParams } from '../../platform/i18n/translate';
import { firstSheet, sheetRows, type SheetRow } from '../../platform/xlsx/sheet-rows';
import { checkXlsxZip } from '../../platform/xlsx/xlsx-zip';
import {
  countConsoleOrders,
  findOrdersByNo,
  pageConsoleOrders,
  type ConsoleOrderRow,
} from './console-orders.repository';
import { consoleFilterOf, type RefundedUnitsReader } from './console-orders.service';
import { listOrderItems } from './orders.repository';

/**
 * The console's tracking import and order export (.xlsx), read and written like the users
 * import and export: the same zip guard before the workbook library unpacks anything (not a
 * workbook: A0446; too large unpacked: A0413), the same refusal of too many rows (A0445).
 */

/** Rows one import may hold: what one ship request may carry (ZShipRequest), so it ships at once. */
export const SHIP_IMPORT_MAX_ROWS = 200;
/** Orders one export may hold, like the users export. */
export const ORDER_EXPORT_MAX_ROWS = 10_000;

// ── The tracking import ─────────────────────────────────────────────────────────────────────

/** The import's columns, in this order when the header row names none of them. */
const IMPORT_COLUMNS = ['orderNo', 'carrier', 'trackingNo'] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const normalizeName = (text: string) => text.toLowerCase().replace(/[\s*:：._-]/g, '');

/** Header text → column: the column's key or its header in any of the five languages. */
const HEADER_NAMES: Map<string, ImportColumn> = (() => {
  const names = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS) {
    names.set(normalizeName(column), column);
    for (const lang of LANGUAGES)
      names.set(normalizeName(translate(lang, `orders.xlsx.column.${column}`)), column);
  }
  return names;
})();

/** Carrier cell → carrier: its code ('royal-mail', 'Royal_Mail') or its name in any language. */
const CARRIER_NAMES: Map<string, TShippingCarrier> = (() => {
  const names = new Map<string, TShippingCarrier>();
  for (const carrier of SHIPPING_CARRIERS) {
    names.set(normalizeName(carrier), carrier);
    for (const lang of LANGUAGES) names.set(normalizeName(translate(lang, `carrier.${carrier}`)), carrier);
  }
  return names;
})();

type ShipRow = SheetRow<ImportColumn>;

/**
 * The data rows of the first sheet. Row 1 is always the header: columns are found by their header
 * in any language (or their key: orderNo, carrier, trackingNo); when no header is recognised, by
 * position (order number, carrier, tracking number). Empty rows are skipped.
 */
async function readShipRows(bytes: Uint8Array): Promise<ShipRow[]> {
  await checkXlsxZip(bytes);
  const sheet = await firstSheet(bytes);
  if (!sheet) throw AppError.of(ErrorCode.FILE_UNREADABLE, 'users.import.notXlsx');
  const { rows, isTooMany } = sheetRows(sheet, {
    columns: IMPORT_COLUMNS,
    headerNames: HEADER_NAMES,
    normalize: normalizeName,
    maxRows: SHIP_IMPORT_MAX_ROWS,
  });
  if (isTooMany) {
    throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'orders.import.tooManyRows', { max: SHIP_IMPORT_MAX_ROWS });
  }
  if (rows.length === 0) throw AppError.of(ErrorCode.FILE_UNREADABLE, 'orders.import.noRows');
  return rows;
}

/** Cell values quoted back in messages are cut short. */
const quote = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * Reads a tracking sheet and checks every row as a ship request would: the order number, the
 * carrier, the tracking number in the carrier's shape (normalised like ZShipItem: no spaces,
 * upper case), each order once, existing and paid (in transit). Answers the shippable rows with
 * each order's version now, and per refused row why, in the caller's language. Ships nothing.
 */
export async function readShipImport(
  db: AppDatabase,
  bytes: Uint8Array,
  lang: TLanguage,
): Promise<TShipImportAnswer> {
  const rows = await readShipRows(bytes);
  const orderNoOf = (cells: ShipRow['cells']) => cells.orderNo.replace(/\s+/g, '').toUpperCase();
  const wellFormed = rows.map((r) => orderNoOf(r.cells)).filter((no) => ZOrderNo.safeParse(no).success);
  const found = new Map((await findOrdersByNo(db, [...new Set(wellFormed)])).map((o) => [o.orderNo, o]));

  const firstRowOf = new Map<string, number>();
  const answer: TShipImportAnswer = { items: [], messageList: [] };
  for (const { row, cells } of rows) {
    const problems: string[] = [];
    const problem = (key: MessageKey, params: MessageParams = {}) =>
      problems.push(translate(lang, key, params));

    const orderNo = orderNoOf(cells);
    const order = found.get(orderNo);
    if (orderNo === '') problem('orders.import.orderNoMissing');
    else if (!ZOrderNo.safeParse(orderNo).success)
      problem('orders.import.orderNoInvalid', { value: quote(cells.orderNo) });
    else {
      const first = firstRowOf.get(orderNo);
      if (first !== undefined) problem('orders.import.duplicate', { orderNo, row: first });
      else {
        firstRowOf.set(orderNo, row);
        if (!order) problem('orders.import.notFound', { orderNo });
        else if (order.status === 0) problem('orders.import.unpaid', { orderNo });
        else if (order.status !== 1) problem('orders.import.completed', { orderNo });
        else if (order.cancelledAt) problem('orders.import.cancelled', { orderNo });
        else if (order.refunded) problem('orders.import.refunded', { orderNo });
      }
    }

    const carrier = cells.carrier === '' ? undefined : CARRIER_NAMES.get(normalizeName(cells.carrier));
    if (cells.carrier === '') problem('orders.import.carrierMissing');
    else if (!carrier) problem('orders.import.carrierUnknown', { value: quote(cells.carrier) });

    const trackingNo = cells.trackingNo.replace(/\s+/g, '').toUpperCase();
    if (trackingNo === '') problem('orders.import.trackingMissing');
    else if (carrier && (trackingNo.length > 40 || !isTrackingNo(carrier, trackingNo))) {
      problem('orders.import.trackingInvalid', {
        value: quote(cells.trackingNo),
        carrier: translate(lang, `carrier.${carrier}`),
      });
    }

    if (problems.length > 0 || !order || !carrier)
      answer.messageList.push({ row, message: problems.join('; ') });
    else answer.items.push({ orderNo, carrier, trackingNo, version: order.version });
  }
  return answer;
}

// ── The export ──────────────────────────────────────────────────────────────────────────────

const EXPORT_COLUMNS = [
  'orderNo',
  'status',
  'shop',
  'buyerEmail',
  'quantity',
  'currency',
  'total',
  'platform',
  'profit',
  'refunded',
  'flag',
  'flagResolution',
  'placedAt',
  'paidAt',
  'completedAt',
  'carrier',
  'trackingNo',
  'shippedAt',
  'lines',
] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];
const MONEY_COLUMNS = ['total', 'platform', 'profit', 'refunded'] as const satisfies ExportColumn[];

/**
 * An amount in minor units as the spreadsheet's number: the exact decimal text of the contract's
 * helper (integers only), handed to the sheet as the number that text names, so Excel sums it.
 */
const amount = (minor: number, currencyCode: string) =>
  Number(minorToDecimal(minor, minorDigitsOf(currencyCode)));
const moneyFormat = (currencyCode: string) => {
  const digits = minorDigitsOf(currencyCode);
  return digits === 0 ? '0' : `0.${'0'.repeat(digits)}`;
};
const iso = (at: Date | null) => at?.toISOString() ?? '';

function flagText(lang: TLanguage, row: ConsoleOrderRow): string {
  if (row.flagReason === 'amount_mismatch' || row.flagReason === 'stock_short') {
    return translate(lang, `orders.xlsx.flagReason.${row.flagReason}`);
  }
  return row.flag ?? '';
}

function resolutionText(lang: TLanguage, row: ConsoleOrderRow): string {
  if (row.flag === null) return '';
  const resolution = row.flagResolution;
  if (resolution === 'refund' || resolution === 'accept' || resolution === 'note') {
    return translate(lang, `orders.xlsx.flagResolution.${resolution}`);
  }
  return row.flagResolvedAt ? '' : translate(lang, 'orders.xlsx.flagResolution.open');
}

function carrierText(lang: TLanguage, carrier: string | null): string {
  if (carrier === null) return '';
  const known = SHIPPING_CARRIERS.find((code) => code === carrier);
  return known ? translate(lang, `carrier.${known}`) : carrier;
}

/**
 * The orders the list query matches (its filters; no paging), newest first, as an .xlsx with the
 * headers in the caller's language; more than ORDER_EXPORT_MAX_ROWS is refused (A0445).
 */
export async function exportConsoleOrders(
  db: AppDatabase,
  lang: TLanguage,
  query: z.output<typeof ZConsoleOrdersQuery>,
  refundedUnitsOf: RefundedUnitsReader,
): Promise<Buffer> {
  const filter = consoleFilterOf(query);
  if ((await countConsoleOrders(db, filter)) > ORDER_EXPORT_MAX_ROWS) {
    throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'orders.export.tooMany', { max: ORDER_EXPORT_MAX_ROWS });
  }
  const rows = await pageConsoleOrders(db, filter, undefined, ORDER_EXPORT_MAX_ROWS);
  // What to pack: each line's quantity, product, variant and SKU ("2 × Hoodie — M / Black [HD-M]"),
  // less the units refunds by lines took; a line refunded whole is left out.
  const orderIds = rows.map((row) => row.id);
  const [items, refunded] = await Promise.all([
    listOrderItems(db, orderIds, lang),
    refundedUnitsOf(db, orderIds),
  ]);
  const lines = new Map<number, string[]>();
  for (const item of items) {
    const units = item.quantity - (refunded.get(item.id) ?? 0);
    if (units <= 0) continue;
    const sku = item.sku ? ` [${item.sku}]` : '';
    lines.set(item.orderId, [
      ...(lines.get(item.orderId) ?? []),
      `${units} × ${variantTitle(item.title, item.variantLabel)}${sku}`,
    ]);
  }

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LinkStore';
  const sheet = workbook.addWorksheet(translate(lang, 'orders.xlsx.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({
    header: translate(lang, `orders.xlsx.column.${column}`),
    key: column,
    width: column === 'lines' ? 60 : column === 'buyerEmail' || column.endsWith('At') ? 26 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow({
      orderNo: row.orderNo,
      status: translate(lang, `orders.xlsx.status.${row.status === 2 ? 2 : row.status === 1 ? 1 : 0}`),
      shop: row.shopName,
      buyerEmail: row.buyerEmail,
      quantity: Number(row.quantity),
      currency: row.currencyCode,
      total: amount(row.totalMinor, row.currencyCode),
      platform: amount(row.platformMinor, row.currencyCode),
      profit: amount(row.profitMinor, row.currencyCode),
      refunded: amount(Number(row.refundedMinor), row.currencyCode),
      flag: flagText(lang, row),
      flagResolution: resolutionText(lang, row),
      placedAt: iso(row.createdAt),
      paidAt: iso(row.paidAt),
      completedAt: iso(row.completedAt),
      carrier: carrierText(lang, row.carrier),
      trackingNo: row.trackingNo ?? '',
      lines: (lines.get(row.id) ?? []).join('; '),
      shippedAt: iso(row.shippedAt),
    } satisfies Record<ExportColumn, string | number>);
    for (const column of MONEY_COLUMNS) added.getCell(column).numFmt = moneyFormat(row.currencyCode);
  }
  // Text, so Excel keeps a tracking number's leading zeros and long digit runs as they are.
  sheet.getColumn('trackingNo').numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
