import { redirect, type DataRouter } from 'react-router';
import { loadDynamicRoutes, matchesDynamicRoute, usePermissionStore } from '../shared/router/dynamic-routes';
import { clearSession } from '../shared/session/clear-session';
import { isSignedIn } from '../shared/session/session-store';
import { CONSOLE_LOGIN } from './console-paths';
import { viewRegistry } from './view-registry';

/**
 * Loading the console's routes from the server. The console
 * lives at `/console` (its home) and at every path the caller's route tree declares; the tree is
 * fetched once per sign-in (the routes-loaded flag) and patched into the app's router.
 */

type TPatchableRouter = Pick<DataRouter, 'patchRoutes'>;
let boundRouter: TPatchableRouter | undefined;

/** main.tsx (and tests) hand over the router the console's routes are patched into. */
export function setConsoleRouter(router: TPatchableRouter | undefined): void {
  boundRouter = router;
}

/**
 * The bound router. The router runs the first navigation's loaders while it is being created,
 * so on a reload of a console page they run before main.tsx hands it over (its next statement):
 * wait for the rest of that task instead of failing, which would end the session.
 */
async function waitForRouter(): Promise<TPatchableRouter> {
  if (!boundRouter) await new Promise((resolve) => setTimeout(resolve, 0));
  if (!boundRouter) throw new Error('The console router is not bound (setConsoleRouter)');
  return boundRouter;
}

/** Loads the caller's route tree into the router once; rejects when it cannot. */
export async function ensureConsoleRoutes(): Promise<void> {
  if (usePermissionStore.getState().isRoutesLoaded) return;
  await loadDynamicRoutes(await waitForRouter(), viewRegistry);
}

const loginWithReturn = (pathname: string, search: string) =>
  `${CONSOLE_LOGIN}?${new URLSearchParams({ redirect: `${pathname}${search}` }).toString()}`;

/**
 * Loader of `/console`: signed out → the console login (coming back here after); signed in →
 * the route tree is loaded first; a failure ends the session and goes to the console login.
 */
export async function consoleLoader({ request }: { request: Request }): Promise<Response | null> {
  const url = new URL(request.url);
  if (!isSignedIn()) return redirect(loginWithReturn(url.pathname, url.search));
  try {
    await ensureConsoleRoutes();
    return null;
  } catch {
    clearSession();
    return redirect(CONSOLE_LOGIN);
  }
}

/**
 * A signed-in user's path that no route matches may be a console page whose routes are not
 * loaded yet (a reload, a shared link): true when the guard should load them before deciding.
 */
export function shouldLoadBeforeDeciding(pathname: string): boolean {
  // Not asking whether the router is bound yet: on a reload it is not, and will be (waitForRouter).
  return isSignedIn() && !usePermissionStore.getState().isRoutesLoaded && !matchesDynamicRoute(pathname);
}

/**
 * Loads the route tree, then sends the navigation again to the same place (now matched) or to
 * /404. A failure here is not ended as a console session: the path may be any typo.
 */
export async function loadThenRetry(pathname: string, search: string): Promise<Response> {
  try {
    await ensureConsoleRoutes();
  } catch {
    return redirect('/404');
  }
  return redirect(matchesDynamicRoute(pathname) ? `${pathname}${search}` : '/404');
}
