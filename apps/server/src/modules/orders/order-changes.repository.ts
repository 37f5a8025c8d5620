import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { refunds } from '../refunds/refunds.table';
import { orders } from './orders.table';
import { isFullyRefunded } from './refund-state';
import { stampNow } from '../../platform/db/stamp';

/*
 * Changes other modules make to an order, through the orders face (decision 0022): each runs in the
 * caller's transaction (`db` may be a transaction), so it commits with the caller's own change.
 */

/** A changed order: a request naming the old version is refused. */
export async function bumpOrderVersion(db: AppDatabase, orderId: number): Promise<void> {
  await db
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: stampNow() })
    .where(eq(orders.id, orderId));
}

/** Records how an operator resolved the order's flag (only an open one); bumps the version. */
export async function resolveOrderFlag(
  db: AppDatabase,
  orderId: number,
  resolution: { resolution: string; note: string; by: number },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      flagResolution: resolution.resolution,
      flagNote: resolution.note,
      flagResolvedBy: resolution.by,
      flagResolvedAt: sql`now()`,
      version: sql`${orders.version} + 1`,
      updatedAt: stampNow(),
    })
    .where(and(eq(orders.id, orderId), sql`${orders.flag} is not null`, isNull(orders.flagResolvedAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** An order with no refund, or only refunds the provider refused (the review invitations' rule). */
export const notRefunded = sql`not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} <> 'failed')`;

/** An order claimed for its review invitation. */
export interface ReviewInviteOrder {
  id: number;
  orderNo: string;
  buyerEmail: string;
  language: string;
  shopId: number;
}

/**
 * Claims up to `limit` delivered orders not yet invited to review — completed (shipped), shipped at
 * `dueBefore` or earlier but after `notBefore`, a buyer's order, never refunded — and stamps them
 * invited at `now`, in the caller's transaction. Rows another process is claiming are skipped
 * (`FOR UPDATE SKIP LOCKED`), and one it claimed meanwhile no longer matches: each order is
 * claimed once, whatever runs at the same time.
 */
export async function claimOrdersForReviewInvites(
  db: AppDatabase,
  at: { now: Date; dueBefore: Date; notBefore: Date },
  limit: number,
): Promise<ReviewInviteOrder[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 2),
        eq(orders.side, 'c'),
        isNull(orders.reviewInvitedAt),
        lte(orders.shippedAt, at.dueBefore),
        gt(orders.shippedAt, at.notBefore),
        notRefunded,
      ),
    )
    .orderBy(asc(orders.shippedAt), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ reviewInvitedAt: at.now })
    .where(and(inArray(orders.id, due), isNull(orders.reviewInvitedAt)))
    .returning({
      id: orders.id,
      orderNo: orders.orderNo,
      buyerEmail: orders.buyerEmail,
      language: orders.language,
      shopId: orders.shopId,
    });
}

/** Why a buyer can no longer cancel the order or change its address (decision 0058). */
export type BuyerChangeRefusal = 'unpaid' | 'inProduction' | 'shipped' | 'cancelled' | 'refunded';

/** What decides whether the buyer may still change the order. */
export interface BuyerChangeState {
  status: number;
  productionAt: Date | null;
  shippedAt: Date | null;
  cancelledAt: Date | null;
  /** Every captured cent is refunded or being refunded. */
  refunded: boolean;
}

/**
 * Whether the buyer may still cancel the order or change its address, and if not why: only a paid
 * order whose fulfilment has not started — not in production, not shipped, not cancelled, not
 * refunded in full. Null when they may.
 */
export function buyerChangeRefusal(state: BuyerChangeState): BuyerChangeRefusal | null {
  if (state.cancelledAt) return 'cancelled';
  if (state.status === 0) return 'unpaid';
  if (state.shippedAt || state.status === 2) return 'shipped';
  if (state.refunded) return 'refunded';
  if (state.productionAt) return 'inProduction';
  return null;
}

/**
 * A buyer's order (side 'c') locked for a change its buyer asks for, with its refund state: the
 * operator's ship and production requests lock it too, so of a cancellation and a shipment exactly
 * one goes through and the other reads the order as the first left it.
 */
export async function lockOrderForBuyer(db: AppDatabase, orderId: number) {
  const [row] = await db
    .select({ order: orders, refunded: isFullyRefunded() })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.side, 'c')))
    .for('update');
  return row ? { ...row.order, refunded: row.refunded } : undefined;
}
export type BuyerLockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForBuyer>>>;

/** Stamps the order cancelled by its buyer (locked by the caller) and bumps its version. */
export async function markCancelledByBuyer(db: AppDatabase, orderId: number): Promise<void> {
  await db
    .update(orders)
    .set({ cancelledAt: sql`now()`, version: sql`${orders.version} + 1`, updatedAt: stampNow() })
    .where(and(eq(orders.id, orderId), isNull(orders.cancelledAt)));
}
