import type { TPayout, TPayoutTrigger, TWithdrawRequest } from '@linkstore/contract';
import { commitWithdrawal } from './commit-withdrawal';
import { dispatchPayout } from './dispatch-payout';
import type { PayoutsDeps } from './payout-deps';
import { toPayout } from './payout-views';
import { findByRequestKey, type PayoutRow } from './payouts.repository';

/**
 * A payout requested (a creator's withdrawal, or the weekly automatic one): committed with its
 * debit, then sent. A replayed request key answers the earlier payout and sends nothing.
 */
export async function requestPayout(
  deps: PayoutsDeps,
  userId: number,
  form: TWithdrawRequest,
  trigger: TPayoutTrigger,
  now: Date,
): Promise<{ payout: PayoutRow; created: boolean }> {
  const earlier = await findByRequestKey(deps.db, userId, form.requestKey);
  if (earlier) return { payout: earlier, created: false };
  const committed = await commitWithdrawal(deps, userId, form, trigger, now);
  if (!committed.created) return committed;
  return { payout: await dispatchPayout(deps, committed.payout), created: true };
}

/** `POST /api/v1/payouts`: the creator's withdrawal. */
export async function withdraw(
  deps: PayoutsDeps,
  userId: number,
  form: TWithdrawRequest,
  now = new Date(),
): Promise<TPayout> {
  return toPayout((await requestPayout(deps, userId, form, 'manual', now)).payout);
}
