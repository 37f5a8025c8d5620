import { defineRoutes } from '../platform/route';
import {
  LOG_QUERY_PERMISSION,
  ZConsoleOverview,
  ZLogPage,
  ZLogPageQuery,
  ZVisitStats,
  ZVisitTrend,
  ZVisitTrendQuery,
} from './logs.schema';

const tags = ['log'] as const;

/** Operation logs (written by the server on every change and sign-in) and visit figures. */
export const logsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/logs/page',
    summary: 'Operation logs, newest first, by keywords, module, days and result',
    tags,
    query: ZLogPageQuery,
    response: ZLogPage,
    access: { permission: LOG_QUERY_PERMISSION },
  },
  visitTrend: {
    method: 'GET',
    path: '/api/v1/logs/visit-trend',
    summary: 'Page views and distinct addresses per day',
    tags,
    query: ZVisitTrendQuery,
    response: ZVisitTrend,
    access: { permission: LOG_QUERY_PERMISSION },
  },
  visitStats: {
    method: 'GET',
    path: '/api/v1/logs/visit-stats',
    summary: 'Visitors and page views today and in total, with growth against yesterday',
    tags,
    response: ZVisitStats,
    access: { permission: LOG_QUERY_PERMISSION },
  },
  overview: {
    method: 'GET',
    path: '/api/v1/console/overview',
    summary: "Today's orders and revenue, open flags, payouts in flight, online users",
    tags: ['console'],
    response: ZConsoleOverview,
    access: { permission: 'sys:order:query' },
  },
});
