/**
 * The console's fixed paths. Their own module, so the layout and the pages can read them
 * without importing the route loading (which imports every view, the layout included).
 */

export const CONSOLE_HOME = '/console';
export const CONSOLE_LOGIN = '/console/login';
/** The signed-in operator's own profile (a fixed page, not in the menus). */
export const CONSOLE_PROFILE = '/console/profile';
