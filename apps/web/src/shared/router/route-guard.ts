/**
 * The route guard as a pure decision: given where a navigation goes and whether
 * the user holds an access token, say where it really ends up.
 */
export interface TGuardInput {
  pathname: string;
  search: string;
  isSignedIn: boolean;
  /** No route of the table matches the path (the catch-all matched). */
  isUnmatched: boolean;
}

export type TGuardDecision =
  { type: 'continue'; isMenuReset: boolean } | { type: 'redirect'; to: string; isMenuReset: boolean };

export const GUEST_ONLY_PATHS: readonly string[] = ['/login', '/register', '/welcome'];
export const HOME_PATHS: readonly string[] = ['/', '/index'];
/** Where a visitor's `/` leads: the landing page, with the ways to sign up and to sign in. */
export const LANDING_PATH = '/welcome';

/** `/login/` and `/login` are the same place. */
export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function decideNavigation({ pathname, isSignedIn, isUnmatched }: TGuardInput): TGuardDecision {
  const path = normalizePathname(pathname);
  if (isSignedIn && GUEST_ONLY_PATHS.includes(path)) return { type: 'redirect', to: '/', isMenuReset: false };
  if (HOME_PATHS.includes(path)) {
    return isSignedIn
      ? { type: 'continue', isMenuReset: true }
      : { type: 'redirect', to: LANDING_PATH, isMenuReset: true };
  }
  if (isUnmatched) return { type: 'redirect', to: '/404', isMenuReset: false };
  return { type: 'continue', isMenuReset: false };
}

/** Navigating to where we already are is a duplicate and is not repeated. */
export function isDuplicateNavigation(
  from: { pathname: string; search: string },
  to: { pathname: string; search: string },
): boolean {
  return normalizePathname(from.pathname) === normalizePathname(to.pathname) && from.search === to.search;
}

/** "Login - LinkStore"; the `title` query value wins over the route's own title. */
export function formatPageTitle(
  appTitle: string,
  routeTitle: string | undefined,
  queryTitle: string | null,
): string {
  const title = queryTitle?.trim() || routeTitle?.trim();
  return title ? `${title} - ${appTitle}` : appTitle;
}

/** `/redirect/order/list?x=1` → `/order/list?x=1`: the helper route's captured rest, query kept. */
export function redirectTarget(capturedPath: string | undefined, search: string): string {
  const path = `/${(capturedPath ?? '').replace(/^\/+/, '')}`;
  return `${path}${search}`;
}
