import type { TViewRegistry } from '../shared/router/dynamic-routes';

/**
 * The console's component strings (console-api.md §3) → lazily loaded views. `Layout` is the
 * console shell; a string not listed here renders the shared 404 page. Later issues add their
 * views here, e.g. `'system/user/index': () => import('./system/user/user-page')`.
 */
export const viewRegistry: TViewRegistry = {
  layout: () => import('./layout/console-layout'),
  notFound: async () => ({ default: (await import('../shared/pages/status-page')).NotFoundPage }),
  views: {
    dashboard: () => import('./dashboard/dashboard-page'),
    'system/config/index': () => import('./configs/config-page'),
  },
};
