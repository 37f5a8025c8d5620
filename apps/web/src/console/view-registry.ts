import type { TViewRegistry } from '../shared/router/dynamic-routes';
import { demoView } from './demos/demo-view';

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
    'system/job/index': () => import('./jobs/jobs-page'),
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
    'commerce/taxes/index': () => import('./taxes/tax-rate-page'),
    'commerce/tax-report/index': () => import('./taxes/tax-report'),
    'commerce/shipping/index': () => import('./shipping/shipping-page'),
    // Issue 35: the case queue (problems buyers reported after shipping).
    'commerce/cases/index': () => import('./cases/case-page'),
    // Issue 20, editor helper: the API documentation page (Swagger UI framed from /api/docs).
    'dev/api-docs/index': () => import('./dev/api-docs-page'),
    // Demo pages, part "demos-a" of issue 20 (each loads the `demos` texts with its view).
    'demo/curd/index': demoView(() => import('./demos/curd/curd-demo-page')),
    'demo/dict/index': demoView(() => import('./demos/dict/dict-demo-page')),
    'demo/icon-selector/index': demoView(() => import('./demos/icon-selector/icon-selector-page')),
    'demo/icons/index': demoView(() => import('./demos/icons/icons-page')),
    'demo/multi-level/level1': demoView(() => import('./demos/multi-level/level1-page')),
    'demo/multi-level/level2': demoView(() => import('./demos/multi-level/level2-page')),
    'demo/multi-level/level3': demoView(() => import('./demos/multi-level/level3-page')),
    'demo/route-param/index': demoView(() => import('./demos/route-param/route-param-page')),
    'demo/internal-doc/index': demoView(() => import('./demos/internal-doc/internal-doc-page')),
    // Issue 20, demo pages (part b): table select, uploads, rich text, signature, websocket —
    // each loaded with its texts (their own namespace, never in the sign-in chunks).
    'demo/table-select/index': demoView(() => import('./demos/table-select/table-select-page'), 'demo-pages'),
    'demo/upload/index': demoView(() => import('./demos/upload/upload-page'), 'demo-pages'),
    'demo/rich-text/index': demoView(() => import('./demos/rich-text/rich-text-page'), 'demo-pages'),
    'demo/signature/index': demoView(() => import('./demos/signature/signature-page'), 'demo-pages'),
    'demo/websocket/index': demoView(() => import('./demos/websocket/websocket-page'), 'demo-pages'),
    // Issue 20, code generator (Developer tools).
    'codegen/index': () => import('./codegen/codegen-page'),
  },
};
