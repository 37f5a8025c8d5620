import {
  SHIPPING_CARRIERS,
  variantTitle,
  type TCreatorOrder,
  type TLanguage,
  type ZOrdersExportQuery,
} from '@linkstore/contract';
import type { z } from 'zod';
import type { AppDatabase } from '../../platform/db/database';
import { translate, type MessageKey } from '../../platform/i18n/translate';
import { tableFile, type TableCell, type TableFile } from '../../platform/xlsx/table-file';
import { ORDER_EXPORT_MAX_ROWS } from './console-orders.xlsx';
import { listAllMyOrders } from './orders.service';

/**
 * The creator's orders export (`#/order`, issue 35): the orders the list's filters match, every
 * page of them, as CSV or .xlsx in the creator's language. Rows and figures are the list's own
 * (the same query and mapping), the buyer's email masked as there.
 */

const COLUMNS = [
  'orderNo',
  'placedAt',
  'paidAt',
  'status',
  'buyer',
  'items',
  'currency',
  'total',
  'profit',
  'paidByYou',
  'refunded',
  'carrier',
  'trackingNo',
] as const;
type Column = (typeof COLUMNS)[number];

const WIDTHS: Partial<Record<Column, number>> = {
  orderNo: 22,
  placedAt: 26,
  paidAt: 26,
  buyer: 26,
  items: 60,
  trackingNo: 24,
};

/** Unpaid / Paid, in transit / Completed — or Refunded, once all of its payment went back: the list's tag. */
function statusText(lang: TLanguage, order: TCreatorOrder): string {
  const key: MessageKey = order.fullyRefunded
    ? 'orders.export.refunded'
    : `orders.xlsx.status.${order.status}`;
  return translate(lang, key);
}

/** The carrier's name in the reader's language; a code the platform no longer knows as it is. */
function carrierText(lang: TLanguage, carrier: string): string {
  const known = SHIPPING_CARRIERS.find((code) => code === carrier);
  return known ? translate(lang, `carrier.${known}`) : carrier;
}

/**
 * The profit as the list shows it (decision 0041): before payment what the order will earn,
 * once paid what it credited to the earnings less refunds; an order the creator paid themselves
 * earns nothing (what they paid is its own column).
 */
function profitMinor(order: TCreatorOrder): number {
  if (order.side === 'b') return 0;
  return order.status === 0 ? order.profitMinor : order.earnedMinor;
}

function cellsOf(lang: TLanguage, order: TCreatorOrder): Record<Column, TableCell> {
  const money = (minor: number) => ({ minor, currencyCode: order.currencyCode });
  return {
    orderNo: order.orderNo,
    placedAt: order.createdAt,
    paidAt: order.paidAt ?? '',
    status: statusText(lang, order),
    buyer: order.buyerEmail,
    items: order.items
      .map((item) => `${item.quantity} × ${variantTitle(item.title, item.variantLabel)}`)
      .join('; '),
    currency: order.currencyCode,
    total: money(order.totalMinor),
    profit: money(profitMinor(order)),
    paidByYou: money(order.paidByYouMinor),
    refunded: money(order.refundedMinor),
    carrier: order.shipment ? carrierText(lang, order.shipment.carrier) : '',
    trackingNo: order.shipment?.trackingNo ?? '',
  };
}

/** The caller's orders the filters match as a file; more than ORDER_EXPORT_MAX_ROWS is refused (A0445). */
export async function exportMyOrders(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  query: z.output<typeof ZOrdersExportQuery>,
): Promise<TableFile> {
  const orders = await listAllMyOrders(db, lang, userId, query, ORDER_EXPORT_MAX_ROWS);
  return tableFile(
    {
      sheet: translate(lang, 'orders.export.sheet'),
      columns: COLUMNS.map((column) => ({
        header: translate(lang, `orders.export.column.${column}`),
        width: WIDTHS[column] ?? 14,
      })),
      rows: orders.map((order) => {
        const cells = cellsOf(lang, order);
        return COLUMNS.map((column) => cells[column]);
      }),
    },
    query.format,
  );
}
