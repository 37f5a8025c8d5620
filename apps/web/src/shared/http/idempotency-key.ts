import { isHttpError } from './http-error';

/**
 * Whether the server answered a refusal (a 4xx with its code): the action did not happen and the
 * next attempt is a new action with a new key. A lost answer (network, timeout, 5xx) keeps the
 * key, so the retry is answered with what the first attempt did.
 */
export function isRefusal(error: unknown): boolean {
  return isHttpError(error) && error.status !== undefined && error.status < 500;
}
