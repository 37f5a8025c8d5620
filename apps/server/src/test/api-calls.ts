import { ErrorCode } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Requests to `/api/v1<prefix>` as one of a test file's signed-in users, named by their key in
 * `tokens` (null: nobody signed in), in `lang` when given. `app` is read at call time, since
 * files build theirs in beforeAll.
 */
export function apiCalls(app: () => FastifyInstance, tokens: Record<string, string>, prefix = '') {
  function call(as: string | null, method: TMethod, url: string, payload?: unknown, lang?: string) {
    return app().inject({
      method,
      url: `/api/v1${prefix}${url}`,
      headers: {
        ...(as ? { authorization: `Bearer ${tokens[as] ?? ''}` } : {}),
        ...(lang ? { lang } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** The `data` of a call that must succeed; anything but 200 fails the test with the body. */
  async function ok<T>(
    as: string | null,
    method: TMethod,
    url: string,
    payload?: unknown,
    lang?: string,
  ): Promise<T> {
    const res = await call(as, method, url, payload, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  }

  /**
   * Each request, made as `as`, must be refused with 403 "A0301" (signed in, lacking the
   * permission); a failure names the request.
   */
  async function expectForbidden(
    as: string,
    requests: readonly (readonly [method: TMethod, url: string, payload?: unknown])[],
  ): Promise<void> {
    for (const [method, url, payload] of requests) {
      const res = await call(as, method, url, payload);
      expect({ method, url, status: res.statusCode, code: res.json<{ code: unknown }>().code }).toEqual({
        method,
        url,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
  }

  return { call, ok, expectForbidden };
}
