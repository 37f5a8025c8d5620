import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createTtlCache, type TtlCache } from '../cache/ttl-cache';
import type { CompressedAnswer } from './compression';

/** A JSON answer as sent: its text and the ETag that names it. */
export interface CachedAnswer {
  body: string;
  etag: string;
  /** Its brotli and gzip copies, made when a client first takes one (public answers only). */
  encoded?: CompressedAnswer;
}

/**
 * How long a CDN in front may keep a public answer (`s-maxage`) and then serve it while it asks
 * again (`stale-while-revalidate`), in seconds. The servers forget a changed answer as soon as the
 * database reports the commit, so behind a CDN a buyer sees a save at most 1 + 2 = 3 s late
 * (decision 0031).
 */
export const CDN_MAX_AGE_S = 1;
export const CDN_STALE_S = 2;

/**
 * `public`: anyone's answer, the same for every caller (the storefront's reads), which a CDN may
 * keep. `private`: one signed-in caller's own answer, keyed by who asks, kept by this server
 * only — `no-store` like every signed-in answer (platform/http/no-store.ts).
 */
export type AnswerScope = 'public' | 'private';

/** What a public answer (JSON or a shop page) is sent with: browsers ask again, a CDN keeps it briefly. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${CDN_MAX_AGE_S}, stale-while-revalidate=${CDN_STALE_S}`;

/**
 * The request headers a public answer depends on besides its URL (language and display currency,
 * platform/http/request-context.ts): a CDN must keep one copy per combination.
 */
export const PUBLIC_VARY = 'lang, accept-language, currencyjc';

const CACHE_CONTROL: Record<AnswerScope, string> = {
  public: PUBLIC_CACHE_CONTROL,
  private: 'no-store',
};

export interface AnswerCacheOptions {
  scope: AnswerScope;
  ttlMs: number;
  /**
   * What the answer is about, so a change can forget it: a public answer's shop slug, a private
   * answer's user (the default for `private`). Stored answers are forgotten by `forget(tag)`.
   */
  tagOf?: (request: FastifyRequest) => string;
  /**
   * Whether stored answers may be sent now: a cache that relies on the change feed to forget
   * answers must stop serving while the feed is down (`() => app.changes.live`).
   */
  usable?: () => boolean;
  maxEntries?: number;
  now?: () => number;
}

export interface AnswerCache {
  scope: AnswerScope;
  ttlMs: number;
  /** The header every answer of this cache is sent with. */
  cacheControl: string;
  get(request: FastifyRequest, load: () => Promise<string>): Promise<CachedAnswer>;
  /** A stored answer still within its time, or undefined: no load is started. */
  peek(request: FastifyRequest): CachedAnswer | undefined;
  /** Forgets every answer made with this tag (loads in flight included). */
  forget(tag: string): void;
  /** Forgets every answer whose URL (path and query) passes the test. */
  forgetUrls(test: (url: string) => boolean): void;
  clear(): void;
}

const SEPARATOR = '\u0000';

/** The URL part of a key: after the tag and separator, the caller, language and currency. */
function urlOfKey(key: string): string {
  let at = key.indexOf(SEPARATOR);
  for (let field = 0; field < 3; field += 1) at = key.indexOf('|', at + 1);
  return key.slice(at + 1);
}

/**
 * Answers reused for `ttlMs` in this process (decisions 0029, 0031): a burst of callers asking
 * for the same thing costs one set of queries and one serialisation, and every later request
 * within the time gets the stored bytes. Keyed by tag, caller (private), language, display
 * currency and the whole URL (path and query), so no answer is handed to a request that would
 * get another one.
 */
export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const { scope, ttlMs } = options;
  const cache: TtlCache<CachedAnswer> = createTtlCache<CachedAnswer>(
    ttlMs,
    options.maxEntries ?? 2000,
    options.now,
  );
  const userOf = (request: FastifyRequest) => request.user?.id ?? '';
  const tagOf = options.tagOf ?? (scope === 'private' ? userOf : () => '');
  const usable = options.usable ?? (() => true);
  const keyOf = (request: FastifyRequest) =>
    `${tagOf(request)}${SEPARATOR}${scope === 'private' ? userOf(request) : ''}|${request.lang}|${request.currency}|${request.url}`;
  const store = (body: string): CachedAnswer => ({
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  });
  return {
    scope,
    ttlMs,
    cacheControl: CACHE_CONTROL[scope],
    get: async (request, load) => {
      // A private answer for nobody is never kept; neither is anything while the cache cannot be
      // told of changes.
      if ((scope === 'private' && !request.user) || !usable()) return store(await load());
      return cache.get(keyOf(request), async () => store(await load()));
    },
    peek: (request) => {
      if ((scope === 'private' && !request.user) || !usable()) return undefined;
      return cache.peek(keyOf(request));
    },
    forget: (tag) => {
      const prefix = `${tag}${SEPARATOR}`;
      cache.deleteWhere((key) => key.startsWith(prefix));
    },
    forgetUrls: (test) => {
      cache.deleteWhere((key) => test(urlOfKey(key)));
    },
    clear: cache.clear,
  };
}
