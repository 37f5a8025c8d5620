import type { Payouts, PayoutsDeps } from './payout-deps';
import { findPayout, startAttempt, type PayoutRow } from './payouts.repository';
import { applyBatch, settleReturned } from './settle-payout';

/**
 * Sends a requested payout to the provider (its first attempt, or the reconcile's with the same
 * sender_batch_id) and applies the answer. A timeout or 5xx leaves it requested.
 */
export async function dispatchPayout(deps: PayoutsDeps, payout: PayoutRow): Promise<PayoutRow> {
  const { db, log } = deps;
  const row = await startAttempt(db, payout.id);
  if (!row) return (await findPayout(db, payout.id)) ?? payout;
  let outcome: Awaited<ReturnType<Payouts['send']>>;
  try {
    outcome = await deps.payouts.send({
      senderBatchId: row.senderBatchId,
      amount: { currencyCode: row.currencyCode, valueMinor: row.amountMinor },
      receiver: { payerId: row.receiverPayerId || null, email: row.receiverEmail },
      note: 'Your LinkStore earnings',
    });
  } catch (error) {
    outcome = { kind: 'unknown', reason: String(error) };
  }
  if (outcome.kind === 'accepted') await applyBatch(deps, row, outcome.batch);
  else if (outcome.kind === 'refused') await settleReturned(deps, row, 'DENIED', outcome.reason);
  else
    log.warn(
      { payoutId: row.id, reason: outcome.reason },
      'Payout send not confirmed; the reconcile retries',
    );
  return (await findPayout(db, row.id)) ?? row;
}
