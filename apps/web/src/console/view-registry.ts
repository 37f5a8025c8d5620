import type { TViewRegistry } from '../shared/router/dynamic-routes';

/**
 * The console's component strings → lazily loaded views. `Layout` is the
 * console shell; a string not listed here renders the shared 404 page. Later issues add their
 * views here, e.g. `'system/user/index': () => import('./system/user/user-page')`.
 */
export const viewRegistry: TViewRegistry = {
  layout: () => import('./layout/console-layout'),
  notFound: async () => ({ default: (await import('../shared/pages/status-page')).NotFoundPage }),
  views: {
    dashboard: () => import('./dashboard/dashboard-page'),
    'system/dict/index': () => import('./dicts/dict-page'),
    'system/dict/data': () => import('./dicts/dict-items-page'),
    'system/config/index': () => import('./configs/config-page'),
    'system/country/index': () => import('./countries/country-page'),
    'system/info-pages/index': () => import('./info-pages/info-pages-page'),
    'system/log/index': () => import('./logs/log-page'),
    'system/notice/index': () => import('./notices/notice-page'),
    'system/role/index': () => import('./roles/role-page'),
    'system/dept/index': () => import('./depts/dept-page'),
    'system/menu/index': () => import('./menus/menu-page'),
    'system/user/index': () => import('./users/user-page'),
    'catalog/category/index': () => import('./catalog/category-page'),
    'catalog/product/index': () => import('./catalog/product-page'),
    'catalog/banner/index': () => import('./catalog/banner-page'),
    'catalog/review/index': () => import('./catalog/review-page'),
    'commerce/payouts/index': () => import('./payouts/payout-page'),
    'commerce/orders/index': () => import('./orders/order-page'),
    'commerce/creators/index': () => import('./creators/creator-page'),
    'commerce/reconciliation/index': () => import('./reconciliation/reconciliation-page'),
    // Issue 20, editor helper: the API documentation page (Swagger UI framed from /api/docs).
    'dev/api-docs/index': () => import('./dev/api-docs-page'),
    // Issue 20, code generator (Developer tools).
    'codegen/index': () => import('./codegen/codegen-page'),
  },
};
