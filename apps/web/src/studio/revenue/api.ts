import { earningsRoutes, payoutsRoutes, type TWithdrawRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

export const earningsSummaryQuery = routeQueryOptions(earningsRoutes.summary);

export function dailyEarningsQuery(from: string, to: string) {
  return routeQueryOptions(earningsRoutes.daily, { query: { from, to } });
}

export function ledgerQuery(pageNum: number, pageSize: number) {
  return routeQueryOptions(earningsRoutes.entries, { query: { pageNum, pageSize } });
}

/** The caller's sales still in their hold. */
export function pendingSalesQuery(pageNum: number, pageSize: number) {
  return routeQueryOptions(payoutsRoutes.pending, { query: { pageNum, pageSize } });
}

/** The caller's payouts, newest first. */
export function payoutsQuery(pageNum: number, pageSize: number) {
  return routeQueryOptions(payoutsRoutes.list, { query: { pageNum, pageSize } });
}

/** What a payout changes: every figure, the ledger, the payouts and the pending sales. */
const MONEY_READS = [
  earningsRoutes.summary,
  earningsRoutes.entries,
  earningsRoutes.daily,
  payoutsRoutes.list,
  payoutsRoutes.pending,
];

/** Pays (part of) the available balance to the connected PayPal account. */
export function useWithdraw() {
  return useRouteMutation({
    // The withdrawal's request key is already one per user action, kept across a lost answer.
    mutationFn: (body: TWithdrawRequest) =>
      callRoute(payoutsRoutes.withdraw, { body }, { idempotencyKey: body.requestKey }),
    invalidates: MONEY_READS,
  });
}

/** Turns the automatic weekly payout on or off. */
export function useSaveAutoPayout() {
  return useRouteMutation({
    mutationFn: (autoPayout: boolean) => callRoute(payoutsRoutes.settings, { body: { autoPayout } }),
    invalidates: [earningsRoutes.summary],
  });
}
