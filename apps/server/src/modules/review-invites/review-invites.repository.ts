import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { inLanguage } from '../catalog/catalog.api';
import { products } from '../catalog/catalog.table';
import { claimOrdersForReviewInvites, notRefunded } from '../orders/orders.api';
import { orderItems, orders } from '../orders/orders.table';
import { shops } from '../shops/shops.table';
import { reviewInvites } from './review-invites.table';

/** An order the job claimed, with what its mail needs. */
export interface ClaimedOrder {
  id: number;
  orderNo: string;
  buyerEmail: string;
  language: string;
  shopSlug: string;
  shopName: string;
}

/**
 * Claims up to `limit` delivered orders not yet invited (through the orders face, which stamps them
 * invited at `now` in the caller's transaction, each order once), with what their mail needs.
 */
export async function claimDueOrders(
  db: AppDatabase,
  at: { now: Date; dueBefore: Date; notBefore: Date },
  limit: number,
): Promise<ClaimedOrder[]> {
  const claimed = await claimOrdersForReviewInvites(db, at, limit);
  if (claimed.length === 0) return [];
  const shopRows = await db
    .select({ id: shops.id, slug: shops.slug, name: shops.name })
    .from(shops)
    .where(
      inArray(
        shops.id,
        claimed.map((order) => order.shopId),
      ),
    );
  const shopOf = new Map(shopRows.map((shop) => [shop.id, shop]));
  return claimed.map((order) => ({
    id: order.id,
    orderNo: order.orderNo,
    buyerEmail: order.buyerEmail,
    language: order.language,
    shopSlug: shopOf.get(order.shopId)?.slug ?? '',
    shopName: shopOf.get(order.shopId)?.name ?? '',
  }));
}

/** The items of `orderIds` whose product is still in the catalogue (a removed one cannot be reviewed). */
export function listReviewableItems(
  db: AppDatabase,
  orderIds: number[],
): Promise<{ id: number; orderId: number; title: string }[]> {
  return db
    .select({ id: orderItems.id, orderId: orderItems.orderId, title: orderItems.title })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function insertInvites(
  db: AppDatabase,
  rows: (typeof reviewInvites.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(reviewInvites).values(rows);
}

/** An invitation by its token's hash, with its order item, product and shop; `lock` for the submit. */
export interface InviteRow {
  id: number;
  orderItemId: number;
  productId: number;
  productTitle: string;
  imageUrl: string | null;
  orderNo: string;
  shopSlug: string;
  shopName: string;
  expiresAt: Date;
  usedAt: Date | null;
  refunded: boolean;
}

export async function findInvite(
  db: AppDatabase,
  tokenHash: string,
  lang: string,
  lock = false,
): Promise<InviteRow | undefined> {
  const query = db
    .select({
      id: reviewInvites.id,
      orderItemId: reviewInvites.orderItemId,
      productId: products.id,
      productTitle: inLanguage(products.titles, products.title, lang),
      imageUrl: orderItems.imageUrl,
      orderNo: orders.orderNo,
      shopSlug: shops.slug,
      shopName: shops.name,
      expiresAt: reviewInvites.expiresAt,
      usedAt: reviewInvites.usedAt,
      refunded: sql<boolean>`not ${notRefunded}`,
    })
    .from(reviewInvites)
    .innerJoin(orderItems, eq(orderItems.id, reviewInvites.orderItemId))
    .innerJoin(orders, eq(orders.id, reviewInvites.orderId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(reviewInvites.tokenHash, tokenHash))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: reviewInvites }) : query);
  return row;
}

/** Marks the invitation used, unless it already was; answers whether this call did. */
export async function markInviteUsed(db: AppDatabase, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(reviewInvites)
    .set({ usedAt: now })
    .where(and(eq(reviewInvites.id, id), isNull(reviewInvites.usedAt)))
    .returning({ id: reviewInvites.id });
  return rows.length === 1;
}
