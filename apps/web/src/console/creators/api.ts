import { creatorsRoutes, payoutsRoutes } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** What an operator does to a creator from the Creators page; each needs a reason. */
export type TCreatorAction = 'suspend' | 'lift' | 'hold' | 'release';

/** A creator's detail with one page of their ledger. */
export function creatorDetailQuery(userId: string, ledgerPageNum: number, ledgerPageSize: number) {
  return routeQueryOptions(creatorsRoutes.detail, {
    params: { userId },
    query: { ledgerPageNum, ledgerPageSize },
  });
}

/**
 * Suspends or lifts the shop, holds or releases the payouts, with the operator's reason; the list
 * and the detail (its history) are fetched again, and so is the payouts page (it shows holds).
 */
export function useCreatorAction() {
  return useRouteMutation({
    mutationFn: ({ userId, action, reason }: { userId: string; action: TCreatorAction; reason: string }) => {
      switch (action) {
        case 'suspend':
          return callRoute(creatorsRoutes.suspend, { params: { userId }, body: { reason } });
        case 'lift':
          return callRoute(creatorsRoutes.lift, { params: { userId }, body: { reason } });
        case 'hold':
          return callRoute(payoutsRoutes.hold, { params: { userId }, body: { held: true, reason } });
        case 'release':
          return callRoute(payoutsRoutes.hold, { params: { userId }, body: { held: false, reason } });
      }
    },
    invalidates: [creatorsRoutes.page, creatorsRoutes.detail, payoutsRoutes.consolePage],
  });
}
