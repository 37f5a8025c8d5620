import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  consoleOrdersRoutes,
  refundsRoutes,
  type TOrderStatus,
  type TProductionRequest,
  type TRefundRequest,
  type TResolveFlagRequest,
  type TShipItem,
} from '@linkstore/contract';
import { apiClient } from '../../shared/http/api-client';
import { callRoute, fillPath, routeKey, routeQueryOptions } from '../../shared/http/call-route';
import type { TDownload } from '../../shared/http/http-client';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { saveFile } from '../../shared/http/download';

/** Orders per request. */
export const CONSOLE_ORDER_PAGE_SIZE = 20;

export interface TConsoleOrderFilters {
  orderNo?: string | undefined;
  buyerEmail?: string | undefined;
  shop?: string | undefined;
  product?: string | undefined;
  status?: TOrderStatus | undefined;
  /** 'open': the flagged queue (flags no operator resolved yet). */
  flagged?: 'true' | 'false' | 'open' | undefined;
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

/** How many flags wait for an operator (the flagged queue), whatever the other filters. */
export function openFlagCountQuery() {
  return {
    queryKey: [...routeKey(consoleOrdersRoutes.page), 'open-flags'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callRoute(consoleOrdersRoutes.page, { query: { flagged: 'open', pageSize: 1 } }, { signal }),
    select: (page: { total: number }) => page.total,
  };
}

/** What an order's change makes stale: the list (and its queue count) and the details. */
const ORDER_READS = [consoleOrdersRoutes.page, consoleOrdersRoutes.detail];

/**
 * Ships orders (all or none); the list and details are fetched again. `isQuiet`: the caller
 * shows the refusal itself (the import preview), no notification.
 */
export function useShipOrders({ isQuiet = false }: { isQuiet?: boolean } = {}) {
  return useRouteMutation({
    mutationFn: (items: TShipItem[]) => callRoute(consoleOrdersRoutes.ship, { body: { items } }, { isQuiet }),
    invalidates: ORDER_READS,
  });
}

/**
 * Marks a paid order in production (its buyer can no longer cancel it or change its address); the
 * list and details are fetched again. A refusal (stale, no longer open) is notified.
 */
export function useStartProduction() {
  return useRouteMutation({
    mutationFn: (body: TProductionRequest) => callRoute(consoleOrdersRoutes.production, { body }),
    invalidates: ORDER_READS,
  });
}

/** Reads a tracking sheet: shippable rows and refused rows; ships nothing. */
export function useShipImport() {
  return useRouteMutation({
    mutationFn: (file: Blob) =>
      callRoute(consoleOrdersRoutes.shipImport, { body: { file } }, { isFormData: true }),
  });
}

/** The orders the filters match, as an .xlsx saved by the browser. */
export function useExportOrders() {
  return useRouteMutation({
    mutationFn: async (filters: TConsoleOrderFilters) => {
      const route = consoleOrdersRoutes.export;
      const file = (await apiClient.request(fillPath(route.path, undefined), {
        method: route.method,
        params: consoleOrdersQueryOf(filters),
        responseType: 'blob',
      })) as TDownload;
      saveFile(file);
    },
  });
}

/** Refunds part or all of an order; the dialog shows a refusal itself (isQuiet). */
export function useRefundOrder() {
  return useRouteMutation({
    mutationFn: ({ idempotencyKey, ...body }: TRefundRequest & { idempotencyKey: string }) =>
      callRoute(refundsRoutes.refund, { body }, { isQuiet: true, idempotencyKey }),
    invalidates: ORDER_READS,
  });
}

/** Resolves an open flag; the dialog shows a refusal itself (isQuiet). */
export function useResolveFlag() {
  return useRouteMutation({
    mutationFn: (body: TResolveFlagRequest) =>
      callRoute(refundsRoutes.resolveFlag, { body }, { isQuiet: true }),
    invalidates: ORDER_READS,
  });
}
