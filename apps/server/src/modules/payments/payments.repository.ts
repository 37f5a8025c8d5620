import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { payments, webhookEvents } from './payments.table';

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
    .set({ ...values, updatedAt: sql`now()` })
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
