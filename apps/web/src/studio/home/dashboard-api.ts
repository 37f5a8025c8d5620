import { dashboardRoutes, type TDashboardRange, type TDashboardSeriesName } from '@linkstore/contract';
import { routeQueryOptions } from '../../shared/http/call-route';

/** The browser's time zone: the dashboard's days and hours are the creator's (issue 18). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function dashboardSummaryQuery(tz: string) {
  return routeQueryOptions(dashboardRoutes.summary, { query: { tz } });
}

export interface TSeriesChoice {
  series: TDashboardSeriesName;
  range: TDashboardRange;
  /** Custom ranges only: local days, both included. */
  from?: string;
  to?: string;
}

export function dashboardSeriesQuery(tz: string, choice: TSeriesChoice) {
  return routeQueryOptions(dashboardRoutes.series, { query: { ...choice, tz } });
}
