/**
 * Fixed-window counters, and sliding ones where a limit must hold over any span. In process by
 * default; the same interface will take a Redis store when several API processes must share
 * counts (REDIS_URL).
 */
export interface RateLimiter {
  /** Counts one event for `key`; returns the count within the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count within the current window without adding to it. */
  peek(key: string, windowMs: number): Promise<number>;
  /**
   * Counts one event for `key`; returns how many happened within the last `windowMs`. Unlike a
   * fixed window, which lets twice its limit through around its end (the limit just before, the
   * limit again just after), no span of `windowMs` ever holds more than the limit.
   */
  hitSliding(key: string, windowMs: number): Promise<number>;
  /** How many events of `key` happened within the last `windowMs`, without adding one. */
  peekSliding(key: string, windowMs: number): Promise<number>;
  /** Forgets `key`'s counts, fixed and sliding. */
  reset(key: string): Promise<void>;
}

/** Events a sliding count remembers per key: far above any limit it serves. */
const SLIDING_MAX_EVENTS = 1000;

export function createMemoryRateLimiter(now: () => number = () => Date.now()): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  /** Per key, the times of its recent events, oldest first. */
  const logs = new Map<string, number[]>();
  let lastSweep = now();
  const current = (key: string, windowMs: number) => {
    const t = now();
    // Forget expired windows now and then so the map cannot grow without bound.
    if (t - lastSweep > 60_000) {
      for (const [k, w] of windows) if (t - w.start > 24 * 3600_000) windows.delete(k);
      for (const [k, times] of logs) if (t - (times.at(-1) ?? 0) > 24 * 3600_000) logs.delete(k);
      lastSweep = t;
    }
    const entry = windows.get(key);
    if (!entry || t - entry.start >= windowMs) return undefined;
    return entry;
  };
  /** The key's events within the last `windowMs`. */
  const recent = (key: string, windowMs: number) => {
    current(key, windowMs); // sweeps now and then
    const t = now();
    return (logs.get(key) ?? []).filter((at) => t - at < windowMs);
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
    async hitSliding(key, windowMs) {
      const times = recent(key, windowMs);
      times.push(now());
      if (times.length > SLIDING_MAX_EVENTS) times.shift();
      logs.set(key, times);
      return times.length;
    },
    async peekSliding(key, windowMs) {
      return recent(key, windowMs).length;
    },
    async reset(key) {
      windows.delete(key);
      logs.delete(key);
    },
  };
}
