import type { z } from 'zod';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the API: the server registers it with these schemas, the web client calls
 * it with them, and OpenAPI is generated from them. `response` is the schema of `data`.
 * `permission` is the permission string the server enforces — or a list of which any one
 * suffices, for lookups several pages need; `null` means any signed-in caller;
 * `public` routes need no sign-in.
 */
export interface TRouteDef {
  method: THttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  access: { public: true } | { permission: string | readonly string[] | null };
  /**
   * A route that moves money: it accepts an `Idempotency-Key` header (see `ZIdempotencyHeaders`)
   * and the web client sends one per user action.
   */
  idempotent?: true;
}

export function defineRoutes<T extends Record<string, TRouteDef>>(routes: T): T {
  return routes;
}
