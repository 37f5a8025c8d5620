import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import {
  PaymentProviderError,
  type PayoutBatch,
  type PayoutItem,
  type PayoutProvider,
  type SendPayoutInput,
} from './payment-provider';
import { sandboxPayouts } from './payments.table';

type SandboxPayoutRow = typeof sandboxPayouts.$inferSelect;

/**
 * The receiver's email decides how a sandbox payout ends (for tests and the browser journey):
 *
 * - `…+unregistered@…`: the send is refused (422 RECEIVER_UNREGISTERED), nothing is paid;
 * - `…+unclaimed@…`, `…+failed@…`, `…+blocked@…`: PENDING, then UNCLAIMED / FAILED / BLOCKED;
 * - `…+returned@…`: PENDING, SUCCESS at the first read, RETURNED from the second read on
 *   ("returned days later");
 * - anything else: PENDING in the send answer, SUCCESS from the first read (the poll) on.
 */
export function sandboxPayoutOutcome(receiver: string, reads: number): string {
  if (reads === 0) return 'PENDING';
  const tag = /\+(unclaimed|failed|blocked|returned)@/i.exec(receiver)?.[1]?.toLowerCase();
  if (tag === 'returned') return reads === 1 ? 'SUCCESS' : 'RETURNED';
  if (tag) return tag.toUpperCase();
  return 'SUCCESS';
}

const BATCH_STATUS: Record<string, string> = { PENDING: 'PENDING', SUCCESS: 'SUCCESS' };

function itemOf(row: SandboxPayoutRow): PayoutItem {
  const status = sandboxPayoutOutcome(row.receiver, row.reads);
  return {
    payoutItemId: row.itemId,
    payoutBatchId: row.id,
    transactionStatus: status,
    errorName: status === 'PENDING' || status === 'SUCCESS' ? undefined : `RECEIVER_${status}`,
  };
}

function batchOf(row: SandboxPayoutRow): PayoutBatch {
  const item = itemOf(row);
  return {
    payoutBatchId: row.id,
    batchStatus: BATCH_STATUS[item.transactionStatus] ?? 'SUCCESS',
    senderBatchId: row.senderBatchId,
    item,
  };
}

const notFound = () =>
  new PaymentProviderError('No such sandbox payout', 404, 'RESOURCE_NOT_FOUND', false, [
    'INVALID_RESOURCE_ID',
  ]);

/**
 * The offline sandbox's Payouts (no money moves), kept in `sandbox_payouts`. Like PayPal: a
 * request id replays its batch; a sender_batch_id used before under another request id is
 * refused as a duplicate with a link to the original batch.
 */
export class SandboxPayouts implements PayoutProvider {
  constructor(private readonly db: AppDatabase) {}

  async sendPayout(input: SendPayoutInput): Promise<PayoutBatch> {
    if (/\+unregistered@/i.test(input.receiver.email)) {
      throw new PaymentProviderError('Receiver is unregistered', 422, 'RECEIVER_UNREGISTERED', false, [
        'RECEIVER_UNREGISTERED',
      ]);
    }
    const id = `SBP-${randomUUID()}`;
    const [inserted] = await this.db
      .insert(sandboxPayouts)
      .values({
        id,
        itemId: `SBI-${randomUUID()}`,
        senderBatchId: input.senderBatchId,
        requestId: input.senderBatchId,
        amountMinor: input.amount.valueMinor,
        currencyCode: input.amount.currencyCode,
        receiver: input.receiver.email,
      })
      .onConflictDoNothing({ target: sandboxPayouts.senderBatchId })
      .returning();
    if (inserted) return batchOf(inserted);
    const [earlier] = await this.db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.senderBatchId, input.senderBatchId));
    if (!earlier) throw notFound();
    if (earlier.requestId === input.senderBatchId) return batchOf(earlier);
    throw new PaymentProviderError(
      'Batch with given sender_batch_id already exists',
      400,
      'USER_BUSINESS_ERROR',
      false,
      ['SENDER_BATCH_ID_ALREADY_EXISTS'],
      [{ href: `/v1/payments/payouts/${earlier.id}`, rel: 'self' }],
    );
  }

  async getPayoutBatch(payoutBatchId: string): Promise<PayoutBatch> {
    return batchOf(await this.read(eq(sandboxPayouts.id, payoutBatchId)));
  }

  async getPayoutItem(payoutItemId: string): Promise<PayoutItem> {
    return itemOf(await this.read(eq(sandboxPayouts.itemId, payoutItemId)));
  }

  /** A read moves the imitation on (see `sandboxPayoutOutcome`). */
  private async read(where: ReturnType<typeof eq>): Promise<SandboxPayoutRow> {
    const [row] = await this.db
      .update(sandboxPayouts)
      .set({ reads: sql`${sandboxPayouts.reads} + 1` })
      .where(where)
      .returning();
    if (!row) throw notFound();
    return row;
  }
}
