import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { shops } from './shops.table';
import { recordShopAction } from './shop-actions.repository';
import { stampNow } from '../../platform/db/stamp';

/** Turns the creator's weekly automatic payout on or off; false when they have no shop. */
export async function setAutoPayout(db: AppDatabase, ownerUserId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ autoPayout: on, updatedAt: stampNow() })
    .where(eq(shops.ownerUserId, ownerUserId))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/**
 * An operator (`actorUserId`) holds the creator's payouts (with a reason) or releases them
 * (null), recording who and when on the shop and a `shop_actions` row ('hold_payouts' /
 * 'release_payouts'); call it inside a transaction so both land together. Releasing payouts that
 * are not held changes and records nothing. False without a shop.
 */
export async function setPayoutsHeld(
  db: AppDatabase,
  ownerUserId: number,
  reason: string | null,
  actorUserId: number | null,
  releaseReason = '',
): Promise<boolean> {
  const [shop] = await db
    .select({ id: shops.id, heldReason: shops.payoutsHeldReason })
    .from(shops)
    .where(eq(shops.ownerUserId, ownerUserId))
    .for('update');
  if (!shop) return false;
  if (reason === null && shop.heldReason === null) return true;
  const now = stampNow();
  await db
    .update(shops)
    .set(
      reason === null
        ? { payoutsHeldReason: null, payoutsHeldBy: null, payoutsHeldAt: null, updatedAt: now }
        : { payoutsHeldReason: reason, payoutsHeldBy: actorUserId, payoutsHeldAt: now, updatedAt: now },
    )
    .where(eq(shops.id, shop.id));
  await recordShopAction(db, {
    shopId: shop.id,
    action: reason === null ? 'release_payouts' : 'hold_payouts',
    reason: reason ?? releaseReason,
    actorUserId,
  });
  return true;
}
