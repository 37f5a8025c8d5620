import type { TStorefrontEventBatch, TStorefrontEventKind } from '@linkstore/contract';
import { EVENTS_PATH } from './api';

/**
 * What a buyer does, for the creator's analytics: recorded in memory, sent in batches every few
 * seconds and when the page hides (sendBeacon survives closing the tab). Never blocks or throws
 * into the page: a lost batch is lost analytics, not a broken shop.
 */

export interface TTrafficSources {
  userSource: string;
  pageSource: string;
}

type TEvent = TStorefrontEventBatch['events'][number];
export type TSendBatch = (batch: TStorefrontEventBatch, useBeacon: boolean) => void;

export const FLUSH_INTERVAL_MS = 5_000;
/** The most events one batch may carry (the contract's limit). */
export const MAX_BATCH = 100;
/** Beyond this many unsent events the oldest are dropped (a tab left open offline). */
const MAX_QUEUED = 1_000;

const SOURCES_STORAGE_KEY = 'storefrontSources';
const SOURCE_PATTERN = /^[\w.:-]{0,64}$/;

/**
 * `user_source` / `page_source` from the landing link, kept for the visit (sessionStorage) so
 * later pages, which have no query, still carry them. A value the server would refuse is dropped.
 */
export function readTrafficSources(search: string, storage: Storage = sessionStorage): TTrafficSources {
  const params = new URLSearchParams(search);
  const clean = (value: string | null) =>
    value !== null && SOURCE_PATTERN.test(value.trim()) ? value.trim() : null;
  const userSource = clean(params.get('user_source'));
  const pageSource = clean(params.get('page_source'));
  if (userSource !== null || pageSource !== null) {
    const sources = { userSource: userSource || 'default', pageSource: pageSource ?? '' };
    try {
      storage.setItem(SOURCES_STORAGE_KEY, JSON.stringify(sources));
    } catch {
      // Blocked storage: this page still carries them.
    }
    return sources;
  }
  try {
    const stored = JSON.parse(storage.getItem(SOURCES_STORAGE_KEY) ?? 'null') as TTrafficSources | null;
    if (stored && typeof stored.userSource === 'string' && typeof stored.pageSource === 'string')
      return stored;
  } catch {
    // Unreadable: the defaults below.
  }
  return { userSource: 'default', pageSource: '' };
}

export interface TEventQueue {
  record: (kind: TStorefrontEventKind, productId?: string) => void;
  /** Sends everything queued, in batches of at most 100. */
  flush: (useBeacon?: boolean) => void;
  /** Stops the timer and the page-hide listener. */
  stop: () => void;
}

export function createEventQueue(options: {
  shop: string;
  sources: TTrafficSources;
  send?: TSendBatch;
  intervalMs?: number;
}): TEventQueue {
  const send = options.send ?? sendBatch;
  let queue: TEvent[] = [];

  const flush = (useBeacon = false) => {
    while (queue.length > 0) {
      const events = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      try {
        send({ shop: options.shop, ...options.sources, events }, useBeacon);
      } catch {
        // Analytics never break the page.
      }
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  const timer = setInterval(flush, options.intervalMs ?? FLUSH_INTERVAL_MS);
  document.addEventListener('visibilitychange', onVisibility);

  return {
    record: (kind, productId) => {
      const event: TEvent = { kind, id: newEventId(), at: new Date().toISOString() };
      if (productId) event.productId = productId;
      queue.push(event);
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
    },
    flush,
    stop: () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/**
 * 22 base64url characters of 16 random bytes: the server counts an event once per id (a batch
 * sent twice, by a retry or a beacon racing a fetch, counts once).
 */
export const newEventId = (): string =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .slice(0, 22)
    .replace(/[+/]/g, (c) => (c === '+' ? '-' : '_'));

/** sendBeacon when the page hides (it outlives the page), else a keepalive fetch. */
function sendBatch(batch: TStorefrontEventBatch, useBeacon: boolean): void {
  const body = JSON.stringify(batch);
  if (useBeacon && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(EVENTS_PATH, new Blob([body], { type: 'application/json' }))) return;
  }
  void fetch(EVENTS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}
