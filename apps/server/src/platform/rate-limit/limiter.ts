/**
 * Fixed-window counters. In process by default; the same interface will take a Redis store
 * when several API processes must share counts (REDIS_URL).
 */
export interface RateLimiter {
  /** Counts one event for `key`; returns the count within the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count within the current window without adding to it. */
  peek(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  const current = (key: string, windowMs: number) => {
    const t = now();
    // Forget expired windows now and then so the map cannot grow without bound.
    if (t - lastSweep > 60_000) {
      for (const [k, w] of windows) if (t - w.start > 24 * 3600_000) windows.delete(k);
      lastSweep = t;
    }
    const entry = windows.get(key);
    if (!entry || t - entry.start >= windowMs) return undefined;
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = current(key, windowMs);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      windows.set(key, { start: now(), count: 1 });
      return 1;
    },
    async peek(key, windowMs) {
      return current(key, windowMs)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
