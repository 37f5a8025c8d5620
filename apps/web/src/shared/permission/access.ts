import type { TRouteDef } from '@linkstore/contract';
import { useCallback } from 'react';
import { useUser } from '../session/user-store';

/** The role that passes every permission check. */
export const ROOT_ROLE = 'ROOT';

/** Who is asking: the `roles` and `perms` of `GET /api/v1/users/me`; null when signed out. */
export interface TAccessSubject {
  roles: readonly string[];
  perms: readonly string[];
}

/** One permission string, or a list of which any one suffices. */
export type TAccessValue = string | readonly string[];

/**
 * An empty value or one that is not a string (or a list of non-empty strings) is a developer
 * error: it throws in development and fails closed (false) in production.
 */
function readRequired(required: unknown): string[] | undefined {
  const values = typeof required === 'string' ? [required] : required;
  const isValid =
    Array.isArray(values) &&
    values.length > 0 &&
    values.every((value) => typeof value === 'string' && value.trim() !== '');
  if (isValid) return values as string[];
  if (import.meta.env.DEV) {
    throw new Error(
      `Access check needs a non-empty permission string or array of strings, e.g. "sys:user:add"; got ${JSON.stringify(required)}`,
    );
  }
  return undefined;
}

/** Button permission: ROOT passes; otherwise any one of the strings suffices. */
export function hasPerm(user: TAccessSubject | null | undefined, required: TAccessValue): boolean {
  const values = readRequired(required);
  if (!values || !user) return false;
  if (user.roles.includes(ROOT_ROLE)) return true;
  return values.some((value) => user.perms.includes(value));
}

/**
 * Whether the signed-in user may call a contract route, by the access the server enforces on
 * it — for data a page needs from another feature (the users page's department tree), so the
 * page and the server never disagree.
 */
export function useCanCall(): (route: Pick<TRouteDef, 'access'>) => boolean {
  const user = useUser((state) => state.info?.user ?? null);
  return useCallback(
    (route: Pick<TRouteDef, 'access'>) => {
      if ('public' in route.access) return true;
      if (!user) return false;
      return route.access.permission === null || hasPerm(user, route.access.permission);
    },
    [user],
  );
}
