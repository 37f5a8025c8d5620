import type { RouteObject } from 'react-router';
import { consoleLoader } from './console-loading';

/**
 * The operator console's fixed pages: its sign-in and its home (`/console`, inside the console
 * layout). The rest of its route tree comes from `/api/v1/menus/routes` and is
 * patched in by `ensureConsoleRoutes` (console-loading.ts).
 */
export const consoleRoutes: RouteObject[] = [
  {
    path: 'console/login',
    handle: { titleKey: 'route.title.consoleLogin' },
    lazy: async () => ({ Component: (await import('./auth/console-login-page')).ConsoleLoginPage }),
  },
  {
    id: 'console',
    path: 'console',
    loader: consoleLoader,
    lazy: async () => ({ Component: (await import('./layout/console-layout')).default }),
    children: [
      {
        index: true,
        handle: { titleKey: 'route.title.console' },
        lazy: async () => ({ Component: (await import('./dashboard/dashboard-page')).default }),
      },
      {
        // Hidden: reached from the user menu, not the sidebar.
        path: 'profile',
        handle: { titleKey: 'users:profile.title' },
        lazy: async () => ({ Component: (await import('./users/profile-page')).default }),
      },
      {
        // Hidden, for every signed-in user: the bell's "View more" and its notices.
        path: 'my-notice',
        handle: { titleKey: 'common:notices.myTitle' },
        lazy: async () => ({
          Component: (await import('../shared/notices/notice-pages')).ConsoleMyNoticesPage,
        }),
      },
      {
        path: 'my-notice/:id',
        handle: { titleKey: 'common:notices.detailTitle' },
        lazy: async () => ({
          Component: (await import('../shared/notices/notice-pages')).ConsoleNoticeDetailPage,
        }),
      },
    ],
  },
];
