import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createTtlCache, type TtlCache } from '../cache/ttl-cache';

/** A public answer as sent: its JSON text and the ETag that names it. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * Public answers reused for `ttlMs` in this process (decision 0029): a burst of buyers asking
 * for the same page of a shop costs one set of queries and one serialisation, and every later
 * request within the window gets the stored bytes. Keyed by language, display currency and the
 * whole URL (path and query), so no answer is handed to a request that would get another one.
 */
export function createAnswerCache(
  ttlMs: number,
  maxEntries = 2000,
  now: () => number = Date.now,
): AnswerCache {
  const cache: TtlCache<CachedAnswer> = createTtlCache<CachedAnswer>(ttlMs, maxEntries, now);
  const keyOf = (request: FastifyRequest) => `${request.lang}|${request.currency}|${request.url}`;
  return {
    ttlMs,
    get: (request, load) =>
      cache.get(keyOf(request), async () => {
        const body = await load();
        return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      }),
    peek: (request) => cache.peek(keyOf(request)),
    clear: cache.clear,
  };
}

export interface AnswerCache {
  ttlMs: number;
  get(request: FastifyRequest, load: () => Promise<string>): Promise<CachedAnswer>;
  /** A stored answer still within its time, or undefined: no load is started. */
  peek(request: FastifyRequest): CachedAnswer | undefined;
  clear(): void;
}
