import { earningsRoutes } from '@linkstore/contract';
import { routeQueryOptions } from '../../shared/http/call-route';

export const earningsSummaryQuery = routeQueryOptions(earningsRoutes.summary);

export function dailyEarningsQuery(from: string, to: string) {
  return routeQueryOptions(earningsRoutes.daily, { query: { from, to } });
}

export function ledgerQuery(pageNum: number, pageSize: number) {
  return routeQueryOptions(earningsRoutes.entries, { query: { pageNum, pageSize } });
}
