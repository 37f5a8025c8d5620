import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { stockOf, takeStock } from '../catalog/catalog.api';
import { insertOrder } from './checkout.repository';
import { newOrderNo } from './checkout.service';
import { recordOrderEvent } from './console-orders.repository';
import { orderItems, orders } from './orders.table';

/** `user_source` of a reship: the dashboard tells these zero-price orders from sales by it. */
export const RESHIP_SOURCE = 'reship';

export type ReshipResult =
  | { kind: 'placed'; orderId: number; orderNo: string }
  /** The line is not the order's (or the order is not a buyer's). */
  | { kind: 'unknownLine' }
  /** The variant bought no longer exists (removed before variants were kept on lines). */
  | { kind: 'noVariant'; title: string }
  | { kind: 'outOfStock'; title: string; left: number };

/**
 * Sends `quantity` units of a line of a buyer's order again (a case resolved by reship, issue 35),
 * in the caller's transaction: a new order of the same variant to the same address, in the same
 * shop, buyer and language, at zero price — total, platform, profit, shipping and tax all 0, so the
 * `orders_amounts` check holds and the ledger gets nothing (no payment, no sale credit: the
 * reconciliation expects none for an order without a capture). It is paid (status 1) from the
 * start, so it joins the "to ship" queue like any paid order. The stock is taken as checkout takes
 * it (none left: nothing is written). Its history records where it came from.
 */
export async function placeReshipOrder(
  tx: AppDatabase,
  input: { orderId: number; itemId: number; quantity: number; caseId: number; operatorId: number },
): Promise<ReshipResult> {
  const [row] = await tx
    .select({ order: orders, item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, input.itemId), eq(orders.id, input.orderId), eq(orders.side, 'c')));
  if (!row) return { kind: 'unknownLine' };
  const { order, item } = row;
  if (item.variantId === null) return { kind: 'noVariant', title: item.title };
  if (!(await takeStock(tx, item.variantId, input.quantity))) {
    return { kind: 'outOfStock', title: item.title, left: await stockOf(tx, item.variantId) };
  }
  const now = new Date();
  const placed = await insertOrder(
    tx,
    {
      orderNo: newOrderNo(now),
      shopId: order.shopId,
      ownerUserId: order.ownerUserId,
      status: 1,
      side: 'c',
      buyerEmail: order.buyerEmail,
      shippingAddress: order.shippingAddress,
      language: order.language,
      currencyCode: order.currencyCode,
      totalMinor: 0,
      platformMinor: 0,
      profitMinor: 0,
      // The same method and estimate: the replacement travels as the original did.
      shippingMethodId: order.shippingMethodId,
      shippingMethod: order.shippingMethod,
      deliveryMinDays: order.deliveryMinDays,
      deliveryMaxDays: order.deliveryMaxDays,
      userSource: RESHIP_SOURCE,
      pageSource: order.orderNo,
      paidAt: now,
    },
    [
      {
        productId: item.productId,
        variantId: item.variantId,
        title: item.title,
        variantLabel: item.variantLabel,
        sku: item.sku,
        imageUrl: item.imageUrl,
        quantity: input.quantity,
        platformPriceMinor: 0,
        sellingPriceMinor: 0,
        profitMinor: 0,
      },
    ],
  );
  await recordOrderEvent(tx, {
    orderId: placed.id,
    action: 'reship_placed',
    actorUserId: input.operatorId,
    detail: { caseId: String(input.caseId), fromOrderNo: order.orderNo },
  });
  return { kind: 'placed', orderId: placed.id, orderNo: placed.orderNo };
}
