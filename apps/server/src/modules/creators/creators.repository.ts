import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { orders } from '../orders/orders.table';
import { shopActions, shops } from '../shops/shops.table';

export interface CreatorFilter {
  keywords?: string | undefined;
  state: 'all' | 'suspended' | 'payoutsHeld';
  /** Signed up at or after. */
  since?: Date | undefined;
  /** Signed up before. */
  before?: Date | undefined;
}

/** A creator is a user who owns a shop: the shop row and its owner, read together. */
const creatorColumns = {
  userId: users.id,
  email: users.email,
  signedUpAt: users.createdAt,
  shopId: shops.id,
  shopName: shops.name,
  slug: shops.slug,
  paypalEmail: shops.paypalEmail,
  paypalPayerId: shops.paypalPayerId,
  suspendedReason: shops.suspendedReason,
  suspendedAt: shops.suspendedAt,
  payoutsHeldReason: shops.payoutsHeldReason,
  payoutsHeldAt: shops.payoutsHeldAt,
};

export interface CreatorRow {
  userId: number;
  email: string | null;
  signedUpAt: Date;
  shopId: number;
  shopName: string;
  slug: string;
  paypalEmail: string | null;
  paypalPayerId: string | null;
  suspendedReason: string | null;
  suspendedAt: Date | null;
  payoutsHeldReason: string | null;
  payoutsHeldAt: Date | null;
}

function matching(filter: CreatorFilter): SQL | undefined {
  const pattern = filter.keywords ? containsPattern(filter.keywords) : undefined;
  return and(
    pattern
      ? or(ilike(users.email, pattern), ilike(shops.name, pattern), ilike(shops.slug, pattern))
      : undefined,
    filter.state === 'suspended' ? isNotNull(shops.suspendedReason) : undefined,
    filter.state === 'payoutsHeld' ? isNotNull(shops.payoutsHeldReason) : undefined,
    filter.since ? sql`${users.createdAt} >= ${filter.since.toISOString()}::timestamptz` : undefined,
    filter.before ? sql`${users.createdAt} < ${filter.before.toISOString()}::timestamptz` : undefined,
  );
}

/** A page of creators, newest sign-up first. */
export async function pageCreators(
  db: AppDatabase,
  filter: CreatorFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CreatorRow[]; total: number }> {
  const where = matching(filter);
  const rows = await db
    .select(creatorColumns)
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerUserId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerUserId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findCreator(db: AppDatabase, userId: number): Promise<CreatorRow | undefined> {
  const [row] = await db
    .select(creatorColumns)
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerUserId))
    .where(eq(shops.ownerUserId, userId));
  return row;
}

/** The shop's most recent orders, newest first. */
export function listRecentOrders(db: AppDatabase, shopId: number, limit: number) {
  return db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      totalMinor: orders.totalMinor,
      profitMinor: orders.profitMinor,
      currencyCode: orders.currencyCode,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.shopId, shopId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

const operators = alias(users, 'operators');

/** The operators' actions on the shop, newest first, with the operator's username. */
export function listShopActions(db: AppDatabase, shopId: number, limit: number) {
  return db
    .select({
      id: shopActions.id,
      action: shopActions.action,
      reason: shopActions.reason,
      operator: operators.username,
      createdAt: shopActions.createdAt,
    })
    .from(shopActions)
    .leftJoin(operators, eq(operators.id, shopActions.actorUserId))
    .where(eq(shopActions.shopId, shopId))
    .orderBy(desc(shopActions.createdAt), desc(shopActions.id))
    .limit(limit);
}
