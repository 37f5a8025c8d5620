import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { productVariants } from '../modules/catalog/catalog.table';
import { ledgerEntries } from '../modules/earnings/earnings.table';
import { orderEvents, orderItems, orders } from '../modules/orders/orders.table';
import { payments, sandboxOrders } from '../modules/payments/payments.table';
import { refunds } from '../modules/refunds/refunds.table';
import type { TestContext } from './helper';

const LONG_AGO = new Date('2026-01-05T10:00:00Z');
let sequence = 0;

export interface PaidOrderInput {
  userId: number;
  shopId: number;
  totalMinor: number;
  profitMinor: number;
  /** 1 paid (in its hold), 2 completed (out of its hold unless `completedAt` is recent); 0 unpaid. */
  status?: 0 | 1 | 2;
  completedAt?: Date | null;
  language?: string;
  buyerEmail?: string;
  /** A product and quantity for the order's one item (restock tests). */
  item?: { productId: number; quantity: number };
  /**
   * The order's lines instead of `item` (refunds by lines), with their frozen prices; the caller
   * keeps `totalMinor` and `profitMinor` their sums, as checkout does.
   */
  lines?: OrderLineInput[];
  /** The capture took another amount: the order stays unpaid and flagged (no sale credit). */
  mismatchCapturedMinor?: number;
  flagReason?: 'amount_mismatch' | 'stock_short';
  /** 'sandbox' (a sandbox order with its capture) or the stand-in's capture id ('paypal'). */
  provider?: 'sandbox' | 'paypal';
  captureId?: string;
  providerOrderId?: string;
}

/** One line of an order, as checkout freezes it (a variant, its label and SKU, unit prices). */
export interface OrderLineInput {
  productId: number;
  variantId: number | null;
  title: string;
  variantLabel?: string;
  sku?: string;
  quantity: number;
  sellingUnitMinor: number;
  platformUnitMinor: number;
}

export interface PaidOrder {
  orderId: number;
  orderNo: string;
  captureId: string;
  paymentId: number;
  /** Its lines' ids, in order. */
  itemIds: number[];
}

/**
 * Orders paid as the checkout pays them, for refund scenarios: the order with its item, its payment
 * with a completed capture (in the sandbox, a sandbox order holding the capture), the sale credit.
 */
export function refundsKit(ctx: () => TestContext, prefix: string) {
  const db = () => ctx().database.db;

  async function paidOrder(input: PaidOrderInput): Promise<PaidOrder> {
    const orderNo = `LS2611${String(++sequence).padStart(2, '0')}-${prefix.toUpperCase().padEnd(7, 'X').slice(0, 7)}`;
    const mismatch = input.mismatchCapturedMinor !== undefined;
    const status = mismatch ? 0 : (input.status ?? 1);
    const flagReason = mismatch ? 'amount_mismatch' : input.flagReason;
    const [order] = await db()
      .insert(orders)
      .values({
        orderNo,
        shopId: input.shopId,
        ownerUserId: input.userId,
        status,
        buyerEmail: input.buyerEmail ?? 'buyer@example.com',
        shippingAddress: { name: 'B', line1: 'L', city: 'C', postalCode: '12345', countryCode: 'US' },
        language: input.language ?? 'en',
        totalMinor: input.totalMinor,
        platformMinor: input.totalMinor - input.profitMinor,
        profitMinor: input.profitMinor,
        paidAt: status > 0 ? LONG_AGO : null,
        completedAt: input.completedAt === undefined ? (status === 2 ? LONG_AGO : null) : input.completedAt,
        ...(flagReason ? { flag: `flagged: ${flagReason}`, flagReason, flaggedAt: new Date() } : {}),
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order not inserted');
    const item = input.item ?? { productId: 990_001, quantity: 1 };
    // The line names the product's variant, as checkout's do (none for the made-up product).
    const [variant] = await db()
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, item.productId))
      .orderBy(asc(productVariants.sort), asc(productVariants.id))
      .limit(1);
    const lines = input.lines ?? [
      {
        productId: item.productId,
        variantId: variant?.id ?? null,
        sku: variant?.sku ?? '',
        title: 'Mug',
        quantity: item.quantity,
        platformUnitMinor: 1,
        sellingUnitMinor: 1,
      },
    ];
    const items = await db()
      .insert(orderItems)
      .values(
        lines.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          variantId: line.variantId,
          sku: line.sku ?? '',
          title: line.title,
          variantLabel: line.variantLabel ?? '',
          quantity: line.quantity,
          platformPriceMinor: line.platformUnitMinor,
          sellingPriceMinor: line.sellingUnitMinor,
          profitMinor: line.sellingUnitMinor - line.platformUnitMinor,
        })),
      )
      .returning({ id: orderItems.id });
    const provider = input.provider ?? 'sandbox';
    const capturedMinor = input.mismatchCapturedMinor ?? input.totalMinor;
    const providerOrderId = input.providerOrderId ?? `SB-${randomUUID()}`;
    const captureId = input.captureId ?? `SBC-${randomUUID()}`;
    if (provider === 'sandbox') {
      await db().insert(sandboxOrders).values({
        id: providerOrderId,
        requestId: randomUUID(),
        status: 'COMPLETED',
        amountMinor: capturedMinor,
        currencyCode: 'USD',
        reference: orderNo,
        returnUrl: '/payresult',
        cancelUrl: '/cancel',
        captureId,
        captureRequestId: randomUUID(),
      });
    }
    const [payment] = await db()
      .insert(payments)
      .values({
        orderId: order.id,
        provider,
        providerOrderId,
        status: mismatch ? 'AMOUNT_MISMATCH' : status > 0 ? 'COMPLETED' : 'CREATED',
        amountMinor: input.totalMinor,
        currencyCode: 'USD',
        captureId: status > 0 || mismatch ? captureId : null,
        capturedMinor: status > 0 || mismatch ? capturedMinor : null,
        capturedCurrency: status > 0 || mismatch ? 'USD' : null,
        approveUrl: '/payauth',
      })
      .returning({ id: payments.id });
    if (status > 0) {
      await db().insert(ledgerEntries).values({
        userId: input.userId,
        shopId: input.shopId,
        kind: 'sale',
        amountMinor: input.profitMinor,
        orderId: order.id,
        createdAt: LONG_AGO,
      });
    }
    return {
      orderId: order.id,
      orderNo,
      captureId,
      paymentId: payment?.id ?? 0,
      itemIds: items.map((row) => row.id).sort((a, b) => a - b),
    };
  }

  const refundsOf = (orderId: number) =>
    db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

  const reversalsOf = (orderId: number) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'refund')))
      .orderBy(asc(ledgerEntries.id));

  const paymentOf = async (orderId: number) =>
    (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0];

  const orderOf = async (orderId: number) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0];

  const eventsOf = async (orderId: number) =>
    (
      await db()
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id))
    ).map((e) => e.action);

  return { paidOrder, refundsOf, reversalsOf, paymentOf, orderOf, eventsOf };
}
