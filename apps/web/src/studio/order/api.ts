import { infiniteQueryOptions } from '@tanstack/react-query';
import { ordersRoutes, purchasesRoutes, type TOrderStatus, type TPurchase } from '@linkstore/contract';
import { callRoute, callRouteQuietly, routeQueryOptions } from '../../shared/http/call-route';

/** Orders per request while scrolling. */
export const ORDER_PAGE_SIZE = 20;

/** The list's search; blank words, "all statuses" and an empty range are left out of the query. */
export interface TOrderFilters {
  keywords?: string | undefined;
  status?: TOrderStatus | undefined;
  /** UTC days, `yyyy-MM-dd`, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The filters as the list's query, without empty values (they would be refused or match nothing). */
export function ordersQueryOf({ keywords, status, from, to }: TOrderFilters) {
  return {
    ...(keywords?.trim() ? { keywords: keywords.trim() } : {}),
    ...(status === undefined ? {} : { status }),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** Page after page by the server's cursor: new orders arriving meanwhile never repeat a row. */
export function ordersInfiniteQuery(filters: TOrderFilters) {
  const query = ordersQueryOf(filters);
  return infiniteQueryOptions({
    queryKey: ['GET', ordersRoutes.list.path, query] as const,
    queryFn: ({ pageParam, signal }) =>
      callRoute(
        ordersRoutes.list,
        { query: { ...query, pageSize: ORDER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function orderDetailQuery(orderNo: string) {
  return routeQueryOptions(ordersRoutes.detail, { params: { orderNo } });
}

/** Starts one payment of these unpaid orders; the same `payKey` again answers the same purchase. */
export function startPurchase(orderNos: string[], payKey: string): Promise<TPurchase> {
  return callRoute(purchasesRoutes.create, { body: { orderNos, payKey } }, { idempotencyKey: payKey });
}

/**
 * Captures the approved purchase; quiet: the return page shows its own failure. `key`: the
 * page's one key for this capture (`Idempotency-Key`).
 */
export function capturePurchase(id: string, key: string): Promise<TPurchase> {
  // Quiet (the page says why it failed), yet a session that expired while the creator was at the
  // provider is renewed; the same key makes the replay the same capture.
  return callRouteQuietly(purchasesRoutes.capture, { params: { id } }, { idempotencyKey: key });
}

/** Leaving for the payment provider's approval page (a seam for tests). */
export const browser = {
  assign: (url: string): void => window.location.assign(url),
};
