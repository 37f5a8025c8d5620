/**
 * A small in-process cache of promises that expire after `ttlMs`: requests arriving together for
 * the same key share one load (a burst of buyers opening a shared link costs one set of queries),
 * and a failed load is forgotten at once. At most `maxEntries` keys are kept; the oldest go first.
 * `ttlMs` 0 caches nothing. `peek` answers a value already loaded and still fresh, without
 * starting a load (for a caller that must decide synchronously). `deleteWhere` forgets the keys
 * a change made wrong, loads in flight included (their callers still get them; nobody after).
 */
export function createTtlCache<V>(ttlMs: number, maxEntries: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<V>; settled?: { value: V } }>();

  function get(key: string, load: () => Promise<V>): Promise<V> {
    if (ttlMs <= 0) return load();
    const t = now();
    const hit = entries.get(key);
    if (hit && t - hit.at < ttlMs) return hit.value;
    entries.delete(key);
    const value = load();
    const entry: { at: number; value: Promise<V>; settled?: { value: V } } = { at: t, value };
    entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.settled = { value: loaded };
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  }

  function peek(key: string): V | undefined {
    const hit = entries.get(key);
    if (!hit?.settled || now() - hit.at >= ttlMs) return undefined;
    return hit.settled.value;
  }

  function deleteWhere(test: (key: string) => boolean): void {
    for (const key of entries.keys()) if (test(key)) entries.delete(key);
  }

  return { get, peek, deleteWhere, clear: () => entries.clear() };
}
export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
