import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPage, TRouteDef } from '@linkstore/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { routeQueryOptions, type TRouteInput } from '../../shared/http/call-route';

/** Page size of the console's lists (page params on the wire: `pageNum` from 1, `pageSize`). */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** A contract route that answers a page `{list, total}` for `pageNum`/`pageSize` plus filters. */
export type TPagedRoute = TRouteDef & { query: z.ZodType; response: z.ZodType<TPage<unknown>> };

/** The route's filters: its query without the page params. */
export type TFiltersOf<R extends TPagedRoute> = Omit<z.input<R['query']>, 'pageNum' | 'pageSize'>;
/** One row of the route's page. */
export type TItemOf<R extends TPagedRoute> = z.output<R['response']>['list'][number];

export interface TPagedList<TItem, TFilters = unknown, TAnswer = TPage<TItem>> {
  /** The rows of the current page (the previous page's while the next one loads). */
  items: TItem[];
  /** The whole answer for the page shown (a route may say more than its rows), once there is one. */
  answer: TAnswer | undefined;
  total: number;
  pageNum: number;
  pageSize: number;
  filters: TFilters;
  isFetching: boolean;
  /** New filters, back to page 1. */
  search: (filters: TFilters) => void;
  setPage: (pageNum: number, pageSize: number) => void;
  /** Fetches the current page again (after a change). */
  refresh: () => Promise<unknown>;
}

/** Empty inputs ('' from a cleared field, null from a cleared select) are not filters. */
function withoutBlanks(filters: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== '' && value !== null && value !== undefined),
  );
}

/**
 * A paged console list with TanStack Query: holds the filters and the page, fetches
 * `route` with `{...filters, pageNum, pageSize}` (blank filters left out) and keeps the previous
 * page on screen while the next loads. When a deletion empties the last page, it steps back to
 * the new last page. Mutations refresh it by naming `route` in `useRouteMutation`'s `invalidates`, or `refresh()`.
 *
 * ```tsx
 * const list = usePagedList(rolesRoutes.page, { keywords: '' });
 * <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>…</SearchBar>
 * <PagedTable list={list} rowKey="id" columns={columns} />
 * ```
 */
export function usePagedList<R extends TPagedRoute>(
  route: R,
  initialFilters: TFiltersOf<R>,
): TPagedList<TItemOf<R>, TFiltersOf<R>, z.output<R['response']>> {
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPageState] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const input = { query: { ...withoutBlanks(filters), ...page } } as TRouteInput<R>;
  const query = useQuery({ ...routeQueryOptions(route, input), placeholderData: keepPreviousData });
  const data = query.data as TPage<TItemOf<R>> | undefined;

  // A deletion that empties the last page: step back to the new last page (state adjusted
  // while rendering, so no empty page is shown first).
  const lastPage = data ? Math.max(1, Math.ceil(data.total / page.pageSize)) : 1;
  if (data && data.list.length === 0 && page.pageNum > lastPage && !query.isPlaceholderData) {
    setPageState({ ...page, pageNum: lastPage });
  }

  return {
    items: data?.list ?? [],
    answer: query.data,
    total: data?.total ?? 0,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    filters,
    isFetching: query.isFetching,
    search: (next) => {
      // The same search again asks again: "Search" must show what is there now (a row written
      // a moment ago), not the answer kept for these filters.
      const isSame =
        page.pageNum === 1 && JSON.stringify(withoutBlanks(next)) === JSON.stringify(withoutBlanks(filters));
      setFilters(next);
      setPageState((current) => ({ ...current, pageNum: 1 }));
      if (isSame) void query.refetch();
    },
    setPage: (pageNum, pageSize) =>
      setPageState((current) => ({ pageSize, pageNum: pageSize === current.pageSize ? pageNum : 1 })),
    refresh: () => query.refetch(),
  };
}
