import { readString } from '../../shared/preferences/local-storage';
import { StorageKey } from '../../shared/preferences/storage-keys';
import { HOME_PATHS, LANDING_PATH, normalizePathname } from '../../shared/router/route-guard';

/** The path inside a hash address: `#/index?lang=es` → `/index`, `` → `/`. */
export function hashPath(hash: string): string {
  return normalizePathname(hash.replace(/^#/, '').split('?')[0] ?? '');
}

/**
 * Whether this address shows a visitor the landing page: no sign-in kept, and `/`, `/index` or
 * the landing page's own path (the guard's decision for them, read before anything loads).
 */
export function opensLanding(hash: string): boolean {
  const path = hashPath(hash);
  const isSignedIn = readString(StorageKey.accessToken, '') !== '';
  return !isSignedIn && (HOME_PATHS.includes(path) || path === LANDING_PATH);
}

/** The sign-in and sign-up pages' paths, shown on their own to a visitor (`studio/signin/`). */
export const SIGN_IN_PATH = '/login';
export const REGISTER_PATH = '/register';

/**
 * Whether this address shows a visitor the sign-in or sign-up page alone: `#/login` or
 * `#/register`, and no sign-in kept.
 */
export function opensSignIn(hash: string): boolean {
  const path = hashPath(hash);
  return (path === SIGN_IN_PATH || path === REGISTER_PATH) && readString(StorageKey.accessToken, '') === '';
}
