import type { TRouteDef } from '@linkstore/contract';
import type { FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
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

/** ROOT passes every check; otherwise the permission string must be granted. */
export function hasPermission(user: SessionUser, permission: string): boolean {
  return user.roles.includes(ROOT_ROLE) || user.permissions.includes(permission);
}

/**
 * The hook that enforces a route's declared access on the server. It runs before the body is
 * read (`preParsing`; the auth plugin has resolved the caller in `onRequest`), so a caller
 * without access can make the server neither parse an upload nor validate a body.
 */
export function accessGuard(access: TRouteDef['access']): preParsingAsyncHookHandler | undefined {
  if ('public' in access) return undefined;
  const { permission } = access;
  return async (request: FastifyRequest, _reply, payload) => {
    const user = request.user;
    if (!user) throw AppError.accessTokenInvalid();
    if (permission === null) return payload;
    const anyOf = typeof permission === 'string' ? [permission] : permission;
    if (!anyOf.some((p) => hasPermission(user, p))) throw AppError.forbidden();
    return payload;
  };
}
