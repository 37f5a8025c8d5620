import { payoutsRoutes } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/**
 * The payouts page reads `payoutsRoutes.consolePage` (with `usePagedList`); holding or releasing
 * a creator's payouts refetches it (every row of that creator shows the hold).
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
