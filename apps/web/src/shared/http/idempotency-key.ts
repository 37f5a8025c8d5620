import { isHttpError } from './http-error';

/**
 * A new user action's `Idempotency-Key` (decision 0028): 32 hex characters from the browser's
 * CSPRNG (`crypto.randomUUID` needs a secure context; this does not).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the server answered a refusal (a 4xx with its code): the action did not happen and the
 * next attempt is a new action with a new key. A lost answer (network, timeout, 5xx) keeps the
 * key, so the retry is answered with what the first attempt did.
 */
export function isRefusal(error: unknown): boolean {
  return isHttpError(error) && error.status !== undefined && error.status < 500;
}
