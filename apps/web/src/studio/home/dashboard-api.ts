import {
  dashboardRoutes,
  type TDashboardProductRanking,
  type TDashboardRange,
  type TDashboardSeriesName,
  type TDashboardSourceKey,
} from '@linkstore/contract';
import { routeQueryOptions } from '../../shared/http/call-route';
import { browserTimeZone, useChosenTimeZone } from '../../shared/preferences/time-zone';

/** The dashboard's time zone: the creator's profile setting, else the browser's. */
export function useDashboardTimeZone(): string {
  return useChosenTimeZone() ?? browserTimeZone();
}

export function dashboardSummaryQuery(tz: string) {
  return routeQueryOptions(dashboardRoutes.summary, { query: { tz } });
}

export interface TRangeChoice {
  range: TDashboardRange;
  /** Custom ranges only: local days, both included. */
  from?: string;
  to?: string;
}

export interface TSeriesChoice extends TRangeChoice {
  series: TDashboardSeriesName;
}

export function dashboardSeriesQuery(tz: string, choice: TSeriesChoice) {
  return routeQueryOptions(dashboardRoutes.series, { query: { ...choice, tz } });
}

export function dashboardSourcesQuery(tz: string, by: TDashboardSourceKey, choice: TSeriesChoice) {
  return routeQueryOptions(dashboardRoutes.sources, { query: { ...choice, by, tz } });
}

export function dashboardProductsQuery(tz: string, by: TDashboardProductRanking, choice: TRangeChoice) {
  return routeQueryOptions(dashboardRoutes.products, { query: { ...choice, by, tz } });
}

/** One top product's sales split by variant over the same range, read when the creator opens it. */
export function dashboardProductVariantsQuery(tz: string, productId: string, choice: TRangeChoice) {
  return routeQueryOptions(dashboardRoutes.productVariants, {
    params: { productId },
    query: { ...choice, tz },
  });
}
