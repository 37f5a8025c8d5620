import type { TRouteDef } from '@linkstore/contract';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../errors/app-error';

/** Who is calling. Filled by the auth plugin from a verified access token. */
export interface SessionUser {
  id: string;
  roles: string[];
  permissions: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const ROOT_ROLE = 'ROOT';

/** ROOT passes every check; otherwise the permission string must be granted (SPEC.md §6). */
export function hasPermission(user: SessionUser, permission: string): boolean {
  return user.roles.includes(ROOT_ROLE) || user.permissions.includes(permission);
}

/** The hook that enforces a route's declared access on the server, before validation. */
export function accessGuard(access: TRouteDef['access']): preValidationAsyncHookHandler | undefined {
  if ('public' in access) return undefined;
  const { permission } = access;
  return async (request: FastifyRequest) => {
    const user = request.user;
    if (!user) throw AppError.accessTokenInvalid();
    if (permission === null) return;
    const anyOf = typeof permission === 'string' ? [permission] : permission;
    if (!anyOf.some((p) => hasPermission(user, p))) throw AppError.forbidden();
  };
}
