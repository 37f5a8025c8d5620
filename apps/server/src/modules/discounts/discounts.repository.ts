import type { TLanguage } from '@linkstore/contract';
import { and, desc, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';
import { inLanguage } from '../catalog/catalog.api';
import { products } from '../catalog/catalog.table';
import { orders } from '../orders/orders.table';
import { discountCodes, discountRedemptions } from './discounts.table';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeValues = Omit<
  typeof discountCodes.$inferInsert,
  'id' | 'shopId' | 'paused' | 'deletedAt' | 'createdAt' | 'updatedAt'
>;

/** How a code sold: uses that count toward its limits, and its paid orders' figures. */
export interface DiscountStats {
  uses: number;
  paidOrders: number;
  salesMinor: number;
  discountMinor: number;
}

/**
 * An order placed with a code counts toward its limits while it is paid, or unpaid with its stock
 * still held; one that lapsed unpaid (the sweep gave its stock back) no longer does.
 */
const counts = sql`(${orders.status} <> 0 or ${orders.reservedUntil} > now())`;
const paid = sql`${orders.status} <> 0`;

const statsColumns = {
  uses: sql<number>`count(*) filter (where ${counts})`.mapWith(Number).as('uses'),
  paidOrders: sql<number>`count(*) filter (where ${paid})`.mapWith(Number).as('paid_orders'),
  salesMinor:
    sql<number>`coalesce(sum(${orders.totalMinor} - ${orders.shippingMinor} - ${orders.taxMinor}) filter (where ${paid}), 0)`
      .mapWith(Number)
      .as('sales_minor'),
  discountMinor: sql<number>`coalesce(sum(${orders.discountMinor}) filter (where ${paid}), 0)`
    .mapWith(Number)
    .as('discount_minor'),
};

const live = isNull(discountCodes.deletedAt);

export async function pageDiscountCodes(
  db: AppDatabase,
  shopId: number,
  query: { pageNum: number; pageSize: number; keywords?: string | undefined },
): Promise<{ list: (DiscountCodeRow & DiscountStats)[]; total: number }> {
  const where = and(
    eq(discountCodes.shopId, shopId),
    live,
    query.keywords ? ilike(discountCodes.code, containsPattern(query.keywords)) : undefined,
  );
  const stats = db
    .select({ codeId: discountRedemptions.codeId, ...statsColumns })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .groupBy(discountRedemptions.codeId)
    .as('stats');
  const [rows, [count]] = await Promise.all([
    db
      .select({
        code: discountCodes,
        uses: sql<number>`coalesce(${stats.uses}, 0)`.mapWith(Number),
        paidOrders: sql<number>`coalesce(${stats.paidOrders}, 0)`.mapWith(Number),
        salesMinor: sql<number>`coalesce(${stats.salesMinor}, 0)`.mapWith(Number),
        discountMinor: sql<number>`coalesce(${stats.discountMinor}, 0)`.mapWith(Number),
      })
      .from(discountCodes)
      .leftJoin(stats, eq(stats.codeId, discountCodes.id))
      .where(where)
      .orderBy(desc(discountCodes.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(discountCodes)
      .where(where),
  ]);
  return {
    list: rows.map(({ code, ...figures }) => ({ ...code, ...figures })),
    total: count?.n ?? 0,
  };
}

/** One code's figures (after a change, to answer with). */
export async function statsOf(db: AppDatabase, codeId: number): Promise<DiscountStats> {
  const [row] = await db
    .select(statsColumns)
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(eq(discountRedemptions.codeId, codeId));
  return row ?? { uses: 0, paidOrders: 0, salesMinor: 0, discountMinor: 0 };
}

/** Uses counting toward a code's limits: everyone's, and `email`'s. */
export async function usesOf(
  db: AppDatabase,
  codeId: number,
  email: string | undefined,
): Promise<{ uses: number; byEmail: number }> {
  const [row] = await db
    .select({
      uses: sql<number>`count(*)`.mapWith(Number),
      byEmail: sql<number>`count(*) filter (where ${discountRedemptions.email} = ${email ?? ''})`.mapWith(
        Number,
      ),
    })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(eq(discountRedemptions.codeId, codeId), counts));
  return row ?? { uses: 0, byEmail: 0 };
}

export async function findCode(
  db: AppDatabase,
  shopId: number,
  id: number,
): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.shopId, shopId), live));
  return row;
}

export async function findCodeByText(
  db: AppDatabase,
  shopId: number,
  code: string,
): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.shopId, shopId), eq(discountCodes.code, code), live));
  return row;
}

/** Whether another shop has a live code so named (the buyer is told it is another shop's). */
export async function codeElsewhere(db: AppDatabase, shopId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), ne(discountCodes.shopId, shopId), live))
    .limit(1);
  return row !== undefined;
}

/** The code's row, locked until the transaction ends: checkouts using it queue up. */
export async function lockCode(tx: AppDatabase, id: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), live))
    .for('update');
  return row;
}

export async function insertRedemption(
  tx: AppDatabase,
  values: { codeId: number; orderId: number; email: string },
): Promise<void> {
  await tx.insert(discountRedemptions).values(values);
}

export async function insertCode(
  db: AppDatabase,
  shopId: number,
  values: DiscountCodeValues,
): Promise<DiscountCodeRow> {
  const [row] = await db
    .insert(discountCodes)
    .values({ ...values, shopId })
    .returning();
  if (!row) throw new Error('discount code not inserted');
  return row;
}

export async function updateCode(
  db: AppDatabase,
  shopId: number,
  id: number,
  values: Partial<DiscountCodeValues> & { paused?: boolean },
): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .update(discountCodes)
    .set({ ...values, updatedAt: stampNow() })
    .where(and(eq(discountCodes.id, id), eq(discountCodes.shopId, shopId), live))
    .returning();
  return row;
}

export async function deleteCode(db: AppDatabase, shopId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ deletedAt: stampNow(), updatedAt: stampNow() })
    .where(and(eq(discountCodes.id, id), eq(discountCodes.shopId, shopId), live))
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}

/** Titles of `ids` in `lang` (English when missing), for the codes' product lists. */
export async function productTitles(
  db: AppDatabase,
  ids: number[],
  lang: TLanguage,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, title: inLanguage(products.titles, products.title, lang) })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}
