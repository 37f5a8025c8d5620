import type { TConsolePayout } from '@linkstore/contract';
import { AppError } from '../../platform/errors/app-error';
import { commitWithdrawal } from './commit-withdrawal';
import { dispatchPayout } from './dispatch-payout';
import { notRetryable, type PayoutsDeps } from './payout-deps';
import { toConsolePayout } from './payout-views';
import { findConsolePayout, findPayout, findRetryOf } from './payouts.repository';

/**
 * An operator's retry of a returned payout: a new payout of the same amount for the same creator
 * to their current verified account, through the withdrawal's path (the row and its debit in one
 * transaction under the shop lock, then PayPal, then the poll). Once per returned payout: its
 * request key `retry-<id>` and the unique `retry_of_id` make two concurrent retries one payout;
 * the other is refused as not retryable.
 */
export async function retryPayout(
  deps: PayoutsDeps,
  payoutId: number,
  operatorId: number | null = null,
  now = new Date(),
): Promise<TConsolePayout> {
  const { db } = deps;
  const original = await findPayout(db, payoutId);
  if (!original) throw AppError.notFound();
  if (original.status !== 'returned' || (await findRetryOf(db, original.id))) throw notRetryable();
  const committed = await commitWithdrawal(
    deps,
    original.userId,
    { currencyCode: original.currencyCode, requestKey: `retry-${original.id}` },
    'manual',
    now,
    original,
  );
  if (!committed.created) throw notRetryable();
  deps.log.info(
    { payoutId: committed.payout.id, retryOf: original.id, operatorId },
    'Returned payout retried',
  );
  const sent = await dispatchPayout(deps, committed.payout);
  const row = await findConsolePayout(db, sent.id);
  if (!row) throw AppError.notFound();
  return toConsolePayout(row);
}
