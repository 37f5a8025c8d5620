import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { shops } from './shops.table';

/** Turns the creator's weekly automatic payout on or off; false when they have no shop. */
export async function setAutoPayout(db: AppDatabase, ownerUserId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ autoPayout: on, updatedAt: new Date() })
    .where(eq(shops.ownerUserId, ownerUserId))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/** An operator holds the creator's payouts (with a reason) or releases them (null); false without a shop. */
export async function setPayoutsHeld(
  db: AppDatabase,
  ownerUserId: number,
  reason: string | null,
): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ payoutsHeldReason: reason, updatedAt: new Date() })
    .where(eq(shops.ownerUserId, ownerUserId))
    .returning({ id: shops.id });
  return rows.length > 0;
}
