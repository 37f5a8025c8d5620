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
  maxEntries = 5000,
  now: () => number = Date.now,
): AnswerCache {
  const cache: TtlCache<CachedAnswer> = createTtlCache<CachedAnswer>(ttlMs, maxEntries, now);
  // Answers already made, with when their load started: read before the request is validated.
  const ready = new Map<string, { at: number; answer: CachedAnswer }>();
  const keyOf = (request: FastifyRequest) => `${request.lang}|${request.currency}|${request.url}`;
  return {
    ttlMs,
    get: (request, load) => {
      const key = keyOf(request);
      return cache.get(key, async () => {
        const at = now();
        const body = await load();
        const answer = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        ready.delete(key);
        ready.set(key, { at, answer });
        while (ready.size > maxEntries) {
          const oldest = ready.keys().next().value;
          if (oldest === undefined) break;
          ready.delete(oldest);
        }
        return answer;
      });
    },
    peek: (request) => {
      const key = keyOf(request);
      const hit = ready.get(key);
      if (!hit) return undefined;
      if (now() - hit.at >= ttlMs) {
        ready.delete(key);
        return undefined;
      }
      return hit.answer;
    },
    clear: () => {
      cache.clear();
      ready.clear();
    },
  };
}

export interface AnswerCache {
  ttlMs: number;
  get(request: FastifyRequest, load: () => Promise<string>): Promise<CachedAnswer>;
  /** A stored answer still within its time, or undefined: no load is started. */
  peek(request: FastifyRequest): CachedAnswer | undefined;
  clear(): void;
}
