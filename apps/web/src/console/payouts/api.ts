import { payoutsRoutes } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/**
 * The payouts page reads `payoutsRoutes.consolePage` (with `usePagedList`) and the payouts per day;
 * holding or releasing a creator's payouts refetches the list (every row of that creator shows the
 * hold); a retry refetches the list and the days.
 */
export function useHoldPayouts() {
  return useRouteMutation({
    mutationFn: ({ userId, held, reason }: { userId: string; held: boolean; reason?: string }) =>
      callRoute(payoutsRoutes.hold, {
        params: { userId },
        body: held ? { held, reason: reason ?? '' } : { held },
      }),
    invalidates: [payoutsRoutes.consolePage],
  });
}

/** Sends a returned payout again (a new payout of its amount to the creator's current account). */
export function useRetryPayout() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(payoutsRoutes.retry, { params: { id } }),
    invalidates: [payoutsRoutes.consolePage, payoutsRoutes.daily],
  });
}

/** Payouts requested per UTC day, by status. */
export function dailyPayoutsQuery(from: string, to: string) {
  return routeQueryOptions(payoutsRoutes.daily, { query: { from, to } });
}
