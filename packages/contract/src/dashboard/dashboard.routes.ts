import { defineRoutes } from '../platform/route';
import {
  ZDashboardProducts,
  ZDashboardProductsQuery,
  ZDashboardProductVariants,
  ZDashboardProductVariantsParams,
  ZDashboardProductVariantsQuery,
  ZDashboardSeries,
  ZDashboardSeriesQuery,
  ZDashboardSummary,
  ZDashboardSources,
  ZDashboardSourcesQuery,
  ZDashboardSummaryQuery,
} from './dashboard.schema';

const tags = ['dashboard'] as const;
const signedIn = { permission: null };

/** The creator's dashboard: only the caller's own shop, read from the roll-ups (decision 0036). */
export const dashboardRoutes = defineRoutes({
  summary: {
    method: 'GET',
    path: '/api/v1/dashboard',
    summary: "The cards of the caller's dashboard in their time zone",
    tags,
    query: ZDashboardSummaryQuery,
    response: ZDashboardSummary,
    access: signedIn,
  },
  series: {
    method: 'GET',
    path: '/api/v1/dashboard/series',
    summary: "One chart series of the caller's shop over a range, with the range before it",
    tags,
    query: ZDashboardSeriesQuery,
    response: ZDashboardSeries,
    access: signedIn,
  },
  sources: {
    method: 'GET',
    path: '/api/v1/dashboard/sources',
    summary: "The caller's shop's figures and one series split by user_source or page_source",
    tags,
    query: ZDashboardSourcesQuery,
    response: ZDashboardSources,
    access: signedIn,
  },
  products: {
    method: 'GET',
    path: '/api/v1/dashboard/products',
    summary: "The caller's shop's top products by revenue or by conversion over a range",
    tags,
    query: ZDashboardProductsQuery,
    response: ZDashboardProducts,
    access: signedIn,
  },
  productVariants: {
    method: 'GET',
    path: '/api/v1/dashboard/products/:productId/variants',
    summary: "One of the caller's shop's top products split by variant over a range",
    tags,
    params: ZDashboardProductVariantsParams,
    query: ZDashboardProductVariantsQuery,
    response: ZDashboardProductVariants,
    access: signedIn,
  },
});
