import type {
  TConsolePayoutsQuery,
  TPageQuery,
  TPayoutDailyQuery,
  TPayoutHoldRequest,
  TPayoutSettings,
  TPayoutTrigger,
  TWithdrawRequest,
} from '@linkstore/contract';
import { commitWithdrawal } from './commit-withdrawal';
import { dispatchPayout } from './dispatch-payout';
import { followPayouts, handlePayoutEvent } from './follow-payouts';
import { holdPayouts } from './hold-payouts';
import type { PayoutEvent, PayoutsDeps } from './payout-deps';
import {
  consolePayoutPage,
  dailyPayouts,
  listPayouts,
  listPendingSales,
  savePayoutSettings,
} from './payout-pages';
import type { PayoutRow } from './payouts.repository';
import { withdraw } from './request-payout';
import { retryPayout } from './retry-payout';
import { runAutoPayouts } from './run-auto-payouts';

export { isoWeek, type PayoutsDeps } from './payout-deps';

export type PayoutsService = ReturnType<typeof createPayoutsService>;

/**
 * Withdrawals (request-payout.ts, commit-withdrawal.ts), their path through PayPal (send:
 * dispatch-payout.ts; poll and webhook: follow-payouts.ts; the outcome: settle-payout.ts), the
 * weekly automatic payout (run-auto-payouts.ts), an operator's retry and hold, and the reads.
 * Money leaves the balance in the transaction that stores the payout, before PayPal is called; it
 * comes back only with a `payout_return` entry written in the transaction that marks the payout
 * returned, by a conditional update, so once. This binds each operation to the dependencies.
 */
export function createPayoutsService(deps: PayoutsDeps) {
  const { db } = deps;
  return {
    commitWithdrawal: (
      userId: number,
      form: TWithdrawRequest,
      trigger: TPayoutTrigger,
      now: Date,
      retryOf?: PayoutRow,
    ) => commitWithdrawal(deps, userId, form, trigger, now, retryOf),
    dispatch: (payout: PayoutRow) => dispatchPayout(deps, payout),
    /** `POST /api/v1/payouts`. */
    withdraw: (userId: number, form: TWithdrawRequest, now = new Date()) => withdraw(deps, userId, form, now),
    followPayouts: (now = new Date()) => followPayouts(deps, now),
    handleEvent: (event: PayoutEvent) => handlePayoutEvent(deps, event),
    runAutoPayouts: (now = new Date()) => runAutoPayouts(deps, now),
    list: (userId: number, query: TPageQuery) => listPayouts(db, userId, query),
    pendingSales: (userId: number, query: TPageQuery, now = new Date()) =>
      listPendingSales(db, deps.rules(), userId, query, now),
    settings: (userId: number, form: TPayoutSettings) => savePayoutSettings(db, userId, form),
    consolePage: (query: TConsolePayoutsQuery) => consolePayoutPage(db, query),
    retry: (payoutId: number, operatorId: number | null = null, now = new Date()) =>
      retryPayout(deps, payoutId, operatorId, now),
    daily: (query: TPayoutDailyQuery) => dailyPayouts(db, query),
    hold: (userId: number, form: TPayoutHoldRequest, operatorId: number | null = null) =>
      holdPayouts(db, userId, form, operatorId),
  };
}
