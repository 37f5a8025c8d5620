import { queryOptions } from '@tanstack/react-query';
import { ErrorCode, type TRouteDef } from '@linkstore/contract';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { apiClient } from './api-client';
import type { THttpClient } from './http-client';
import { ClientErrorCode, HttpError, isHttpError } from './http-error';
import { serializeQuery, type TParams } from './query-string';

type TSchemaInput<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call of `R` takes: path params, query and body as its contract schemas describe them. */
export type TRouteInput<R extends TRouteDef> = {
  params?: TSchemaInput<R['params']> & Record<string, string | number>;
  query?: TSchemaInput<R['query']>;
  body?: TSchemaInput<R['body']>;
};
export type TRouteOutput<R extends TRouteDef> = z.output<R['response']>;

export interface TCallOptions {
  signal?: AbortSignal | undefined;
  isFormData?: boolean;
  /** False for open routes that must not carry the access token (sign-in, token refresh). */
  isAuthenticated?: boolean;
  /** The caller shows failures itself (see TRequestOptions.isQuiet). */
  isQuiet?: boolean;
  /** An empty answer (null, {}, [] or `{info: null}`) rejects with this message, code EMPTY_ANSWER. */
  emptyMessage?: string;
  client?: THttpClient;
  /** The user action's `Idempotency-Key` (routes with `idempotent: true`; decision 0028). */
  idempotencyKey?: string;
}

export const EMPTY_ANSWER = 'CLIENT_EMPTY_ANSWER';

/** null, '', [], {} — or an object whose every value is one of those (`{info: {}}`). */
export function isEmptyAnswer(data: unknown, depth = 0): boolean {
  if (data === null || data === undefined || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === 'object') {
    const values = Object.values(data as Record<string, unknown>);
    return values.length === 0 || (depth === 0 && values.every((value) => isEmptyAnswer(value, 1)));
  }
  return false;
}

/** Fills `:id` and `{id}` placeholders of a contract path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)|\{(\w+)\}/g, (placeholder, colonName?: string, braceName?: string) => {
    const name = colonName ?? braceName ?? '';
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls a contract route and parses the envelope's `data` with the route's response schema, so
 * the web app never writes a response type by hand.
 */
export async function callRoute<R extends TRouteDef>(
  route: R,
  input: TRouteInput<R> = {},
  options: TCallOptions = {},
): Promise<TRouteOutput<R>> {
  const client = options.client ?? apiClient;
  const isBodyMethod = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  let url = fillPath(route.path, input.params);
  // A body method may also declare a query (`PUT /roles/1/status?status=0`): it goes in the URL.
  const bodyQuery = isBodyMethod || options.isFormData ? serializeQuery(input.query as TParams) : '';
  if (bodyQuery) url += `?${bodyQuery}`;
  const data = await client.request(url, {
    method: route.method,
    params: (isBodyMethod || options.isFormData ? input.body : input.query) as TParams | undefined,
    isFormData: options.isFormData ?? false,
    isAuthenticated: options.isAuthenticated ?? true,
    isQuiet: options.isQuiet ?? false,
    signal: options.signal,
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
  if (options.emptyMessage !== undefined && isEmptyAnswer(data)) {
    throw new HttpError({ code: EMPTY_ANSWER, msg: options.emptyMessage });
  }
  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    throw new HttpError({
      code: ClientErrorCode.badResponse,
      msg: i18n.t('http.error.badResponse', { ns: 'common' }),
    });
  }
  return parsed.data as TRouteOutput<R>;
}

/**
 * The query key prefix of a route: `[method, path]`. Every cached answer of the route (any
 * input) starts with it, so invalidating it refetches them all.
 */
/**
 * A call whose page tells refusals itself (no error toast). Its expired access token is renewed
 * and the call replayed like any call's; when the session cannot be renewed, a quiet call only
 * rejects with 1002, so the call is made once more, not quiet: that one ends the session, which
 * the user is told.
 */
export async function callRouteQuietly<R extends TRouteDef>(
  route: R,
  input: TRouteInput<R> = {},
  options: Omit<TCallOptions, 'isQuiet'> = {},
): Promise<TRouteOutput<R>> {
  try {
    return await callRoute(route, input, { ...options, isQuiet: true });
  } catch (error) {
    if (!isHttpError(error) || error.code !== ErrorCode.ACCESS_TOKEN_INVALID) throw error;
    return callRoute(route, input, options);
  }
}

export function routeKey(route: Pick<TRouteDef, 'method' | 'path'>) {
  return [route.method, route.path] as const;
}

/** TanStack Query options for a read route; the key is the route's key and its input. */
export function routeQueryOptions<R extends TRouteDef>(route: R, input: TRouteInput<R> = {}) {
  return queryOptions({
    queryKey: [...routeKey(route), input] as const,
    queryFn: ({ signal }) => callRoute(route, input, { signal }),
  });
}
