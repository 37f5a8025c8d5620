import { infiniteQueryOptions } from '@tanstack/react-query';
import { consoleOrdersRoutes, type TOrderStatus, type TShipItem } from '@linkstore/contract';
import { callRoute, routeKey, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** Orders per request. */
export const CONSOLE_ORDER_PAGE_SIZE = 20;

export interface TConsoleOrderFilters {
  orderNo?: string | undefined;
  buyerEmail?: string | undefined;
  shop?: string | undefined;
  product?: string | undefined;
  status?: TOrderStatus | undefined;
  flagged?: 'true' | 'false' | undefined;
  /** UTC days, `yyyy-MM-dd`, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The filters as the list's query, blank values left out. */
export function consoleOrdersQueryOf(filters: TConsoleOrderFilters) {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters) as [string, string | number | undefined][]) {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== '') query[key] = text;
  }
  return query;
}

/** Page after page by the server's cursor (keyset): orders arriving meanwhile never repeat a row. */
export function consoleOrdersInfiniteQuery(filters: TConsoleOrderFilters) {
  const query = consoleOrdersQueryOf(filters);
  return infiniteQueryOptions({
    queryKey: [...routeKey(consoleOrdersRoutes.page), query] as const,
    queryFn: ({ pageParam, signal }) =>
      callRoute(
        consoleOrdersRoutes.page,
        {
          query: {
            ...query,
            pageSize: CONSOLE_ORDER_PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function consoleOrderDetailQuery(orderNo: string) {
  return routeQueryOptions(consoleOrdersRoutes.detail, { params: { orderNo } });
}

/** Ships orders (all or none); the list and details are fetched again. */
export function useShipOrders() {
  return useRouteMutation({
    mutationFn: (items: TShipItem[]) => callRoute(consoleOrdersRoutes.ship, { body: { items } }),
    invalidates: [consoleOrdersRoutes.page, consoleOrdersRoutes.detail],
  });
}
