import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { payouts } from '../payouts/payouts.table';
import { paypalBindings } from './paypal-binding.table';
import { shops } from './shops.table';
import type { ShopRow } from './shops.repository';
import { stampNow } from '../../platform/db/stamp';

export type PayPalBindingRow = typeof paypalBindings.$inferSelect;

export async function insertBinding(
  db: AppDatabase,
  values: typeof paypalBindings.$inferInsert,
): Promise<void> {
  await db.insert(paypalBindings).values(values);
}

export async function countBindingsSince(db: AppDatabase, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paypalBindings)
    .where(and(eq(paypalBindings.userId, userId), gt(paypalBindings.createdAt, since)));
  return row?.n ?? 0;
}

export async function findBinding(db: AppDatabase, state: string): Promise<PayPalBindingRow | undefined> {
  const [row] = await db.select().from(paypalBindings).where(eq(paypalBindings.state, state));
  return row;
}

/** The attempt, locked, while it is still at the provider; undefined once it has an outcome. */
export async function lockPendingBinding(
  db: AppDatabase,
  state: string,
): Promise<PayPalBindingRow | undefined> {
  const [row] = await db
    .select()
    .from(paypalBindings)
    .where(and(eq(paypalBindings.state, state), isNull(paypalBindings.outcome)))
    .for('update');
  return row;
}

/** Gives a pending attempt its outcome; an attempt that already has one keeps it (false). */
export async function finishBinding(
  db: AppDatabase,
  state: string,
  outcome: { outcome: 'bound'; payerId: string; email: string } | { outcome: 'failed'; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(paypalBindings)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(and(eq(paypalBindings.state, state), isNull(paypalBindings.outcome)))
    .returning({ state: paypalBindings.state });
  return rows.length > 0;
}

/** A payout of this user is stored or at PayPal: the account it pays must not change under it. */
export async function hasPayoutInFlight(db: AppDatabase, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, ['requested', 'processing'])))
    .limit(1);
  return row !== undefined;
}

/** Sets (or, with nulls, clears) the shop's payout account. */
export async function setPayoutAccount(
  db: AppDatabase,
  shopId: number,
  account: { email: string; payerId: string } | null,
): Promise<ShopRow> {
  const [row] = await db
    .update(shops)
    .set({
      paypalEmail: account?.email ?? null,
      paypalPayerId: account?.payerId ?? null,
      paypalVerifiedAt: account ? sql`now()` : null,
      updatedAt: stampNow(),
    })
    .where(eq(shops.id, shopId))
    .returning();
  if (!row) throw new Error('shop not updated');
  return row;
}

export async function accountEmailOf(db: AppDatabase, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
