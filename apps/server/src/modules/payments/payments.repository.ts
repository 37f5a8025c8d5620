import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { payments, webhookEvents } from './payments.table';
import { stampNow } from '../../platform/db/stamp';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Records an order's payment once: a second call for the same order (a retried checkout finishing
 * what a crashed or concurrent one started) keeps the first row. Answers the row kept.
 */
export async function insertPayment(
  db: AppDatabase,
  payment: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  await db.insert(payments).values(payment).onConflictDoNothing({ target: payments.orderId });
  const [row] = await db.select().from(payments).where(eq(payments.orderId, payment.orderId));
  if (!row) throw new Error('payment not recorded');
  return row;
}

export async function updatePayment(
  db: AppDatabase,
  orderId: number,
  values: Pick<Partial<PaymentRow>, 'status' | 'captureId' | 'capturedMinor' | 'capturedCurrency'>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(payments.orderId, orderId));
}

/** Records a webhook event once; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(
  db: AppDatabase,
  event: { provider: string; eventId: string; eventType: string },
): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ ...event, outcome: 'received' })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
    .returning({ eventId: webhookEvents.eventId });
  return rows.length === 1;
}

export async function setWebhookOutcome(
  db: AppDatabase,
  provider: string,
  eventId: string,
  outcome: string | null,
): Promise<void> {
  const where = and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId));
  // No outcome: handling failed, so the event is forgotten and the provider's redelivery retries it.
  if (outcome === null) await db.delete(webhookEvents).where(where);
  else await db.update(webhookEvents).set({ outcome }).where(where);
}

/**
 * Reserves `amount` of the payment's capture for a refund: a conditional update, so concurrent
 * refunds together never pass the captured amount. Answers false (nothing changed) when less than
 * `amount` is left. Run it in the refund's transaction, the order and the payment locked.
 */
export async function reserveRefund(db: AppDatabase, paymentId: number, amount: number): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} + ${amount}`, updatedAt: stampNow() })
    .where(
      and(
        eq(payments.id, paymentId),
        sql`coalesce(${payments.capturedMinor}, 0) - ${payments.refundedMinor} >= ${amount}`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** Gives a failed refund's reservation back, in the refund's transaction. */
export async function releaseRefund(db: AppDatabase, paymentId: number, amount: number): Promise<void> {
  await db
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} - ${amount}`, updatedAt: stampNow() })
    .where(eq(payments.id, paymentId));
}

/**
 * The scale seed's completed refunds, in bulk: each payment's refunded amount, and its status
 * REFUNDED when that is the whole capture, PARTIALLY_REFUNDED otherwise.
 */
export async function setSeededRefunds(
  db: AppDatabase,
  refunded: { paymentId: number; amountMinor: number }[],
): Promise<void> {
  if (refunded.length === 0) return;
  const ids = `{${refunded.map((r) => r.paymentId).join(',')}}`;
  const amounts = `{${refunded.map((r) => r.amountMinor).join(',')}}`;
  await db.execute(sql`update ${payments} p set refunded_minor = s.amount_minor,
      status = case when s.amount_minor = p.captured_minor then 'REFUNDED' else 'PARTIALLY_REFUNDED' end
    from unnest(${ids}::bigint[], ${amounts}::int[]) as s(payment_id, amount_minor)
    where p.id = s.payment_id`);
}
