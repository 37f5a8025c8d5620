import type { RouteObject } from 'react-router';

/**
 * The operator console's pages. Its route tree comes from `/api/v1/menus/routes` (DESIGN.md §8)
 * and is added here, lazily loaded, by the console issues.
 */
export const consoleRoutes: RouteObject[] = [];
