import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './redis-limiter';

// `npm test` runs the server tests on PostgreSQL with a throw-away Redis (TEST_REDIS_URL).
const url = process.env.TEST_REDIS_URL;
/** Keys of this run only: the Redis may be shared with other test files. */
const run = Math.random().toString(36).slice(2);

describe.skipIf(!url)('Redis rate limiter (TEST_REDIS_URL)', () => {
  let redis: Redis;
  let other: Redis;
  beforeAll(async () => {
    redis = new Redis(url ?? '');
    other = new Redis(url ?? '');
  });
  afterAll(async () => {
    await Promise.all([redis.quit(), other.quit()]);
  });

  it('counts a fixed window across clients (processes) and forgets it when it ends', async () => {
    const a = createRedisRateLimiter(redis);
    const b = createRedisRateLimiter(other);
    expect(await a.hit(`login:${run}`, 300)).toBe(1);
    expect(await b.hit(`login:${run}`, 300)).toBe(2);
    expect(await a.peek(`login:${run}`, 300)).toBe(2);
    await new Promise((r) => setTimeout(r, 350));
    expect(await b.peek(`login:${run}`, 300)).toBe(0);
    expect(await b.hit(`login:${run}`, 300)).toBe(1);
  });

  it('a sliding count holds over any span, shared, and resets', async () => {
    const a = createRedisRateLimiter(redis);
    const b = createRedisRateLimiter(other);
    await a.hitSliding(`codes:${run}`, 400);
    await new Promise((r) => setTimeout(r, 250));
    expect(await b.hitSliding(`codes:${run}`, 400)).toBe(2);
    expect(await a.peekSliding(`codes:${run}`, 400)).toBe(2);
    // The first has left the window, the second has not.
    await new Promise((r) => setTimeout(r, 200));
    expect(await a.peekSliding(`codes:${run}`, 400)).toBe(1);
    await b.reset(`codes:${run}`);
    expect(await a.peekSliding(`codes:${run}`, 400)).toBe(0);
  });
});
