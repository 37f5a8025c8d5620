import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('shares a load until it expires, forgets failures, keeps at most maxEntries', async () => {
    let t = 0;
    let loads = 0;
    const cache = createTtlCache<number>(5_000, 2, () => t);
    const load = () => Promise.resolve((loads += 1));
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    t = 4_999;
    expect(await cache.get('a', load)).toBe(1);
    t = 5_000;
    expect(await cache.get('a', load)).toBe(2);

    await expect(cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', load)).toBe(3);

    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(5);
  });

  it('peeks only at a value already loaded and still fresh, never starting a load', async () => {
    let t = 0;
    let release: (n: number) => void = () => undefined;
    const cache = createTtlCache<number>(1_000, 10, () => t);
    expect(cache.peek('a')).toBeUndefined();
    const loading = cache.get('a', () => new Promise<number>((resolve) => (release = resolve)));
    expect(cache.peek('a')).toBeUndefined();
    release(7);
    await loading;
    expect(cache.peek('a')).toBe(7);
    t = 999;
    expect(cache.peek('a')).toBe(7);
    t = 1_000;
    expect(cache.peek('a')).toBeUndefined();
    await expect(cache.get('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(cache.peek('bad')).toBeUndefined();
  });

  it('caches nothing with a time of 0', async () => {
    let loads = 0;
    const cache = createTtlCache<number>(0, 10);
    await cache.get('a', () => Promise.resolve((loads += 1)));
    await cache.get('a', () => Promise.resolve((loads += 1)));
    expect(loads).toBe(2);
  });
});
