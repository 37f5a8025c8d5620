import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { shopActions, shops } from './shops.table';
import { stampNow } from '../../platform/db/stamp';

export type ShopActionKind = 'suspend' | 'lift' | 'hold_payouts' | 'release_payouts';

/** One operator action on a shop, with who and why (the shop's history on the Creators page). */
export async function recordShopAction(
  db: AppDatabase,
  action: { shopId: number; action: ShopActionKind; reason: string; actorUserId: number | null; at?: Date },
): Promise<void> {
  await db.insert(shopActions).values({
    shopId: action.shopId,
    action: action.action,
    reason: action.reason,
    actorUserId: action.actorUserId,
    ...(action.at ? { createdAt: action.at } : {}),
  });
}

/**
 * Suspends the creator's shop (`suspend`) or lifts its suspension, by a conditional update (only
 * an open shop is suspended, only a suspended one lifted), and records the `shop_actions` row;
 * call it inside a transaction so both land together. Answers 'done', 'noShop', or 'unchanged'
 * when the shop was already in that state.
 */
export async function setShopSuspended(
  db: AppDatabase,
  ownerUserId: number,
  change: { suspend: boolean; reason: string; actorUserId: number | null },
): Promise<'done' | 'noShop' | 'unchanged'> {
  const now = stampNow();
  const rows = await db
    .update(shops)
    .set(
      change.suspend
        ? {
            suspendedReason: change.reason,
            suspendedBy: change.actorUserId,
            suspendedAt: now,
            updatedAt: now,
          }
        : { suspendedReason: null, suspendedBy: null, suspendedAt: null, updatedAt: now },
    )
    .where(
      and(
        eq(shops.ownerUserId, ownerUserId),
        change.suspend ? isNull(shops.suspendedReason) : isNotNull(shops.suspendedReason),
      ),
    )
    .returning({ id: shops.id });
  const [shop] = rows;
  if (!shop) {
    const [exists] = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerUserId, ownerUserId));
    return exists ? 'unchanged' : 'noShop';
  }
  await recordShopAction(db, {
    shopId: shop.id,
    action: change.suspend ? 'suspend' : 'lift',
    reason: change.reason,
    actorUserId: change.actorUserId,
  });
  return 'done';
}
