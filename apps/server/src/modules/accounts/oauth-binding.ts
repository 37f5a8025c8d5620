import { randomBytes } from 'node:crypto';
import { cookieValue } from './device-cookie';
import { OAUTH_STATE_TTL_MS } from './social-login.service';

/**
 * The cookie that binds a social sign-in to the browser that started it: a random id (32 bytes,
 * base64url). The server keeps only its SHA-256, on the pending state and then on the one-time
 * code; the callback and the code exchange are refused without it.
 */
export const OAUTH_BINDING_COOKIE = 'ls_oauth';
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The binding this browser sends, when it is well-formed. */
export function readOAuthBinding(cookieHeader: string | undefined): string | undefined {
  const value = cookieValue(cookieHeader, OAUTH_BINDING_COOKIE);
  return value !== undefined && BINDING_PATTERN.test(value) ? value : undefined;
}

/** A new binding id. */
export function newOAuthBinding(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The `Set-Cookie` for a binding: HttpOnly; SameSite=Lax, as the provider's redirect back to the
 * callback is a top-level navigation from another site (Strict would not send it); only to the
 * sign-in routes; as long as a started sign-in lives (each start renews it).
 */
export function oauthBindingCookie(binding: string, isSecure: boolean): string {
  return [
    `${OAUTH_BINDING_COOKIE}=${binding}`,
    'Path=/api/v1/auth',
    `Max-Age=${OAUTH_STATE_TTL_MS / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(isSecure ? ['Secure'] : []),
  ].join('; ');
}
