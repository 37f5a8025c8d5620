import type { RouteObject } from 'react-router';

/**
 * The operator console's pages. Its sign-in is fixed; the rest of its route tree comes from
 * `/api/v1/menus/routes` (DESIGN.md §8) and is added, lazily loaded, by the console issues.
 */
export const consoleRoutes: RouteObject[] = [
  {
    path: 'console/login',
    handle: { titleKey: 'route.title.consoleLogin' },
    lazy: async () => ({ Component: (await import('./auth/console-login-page')).ConsoleLoginPage }),
  },
];
