import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './limiter';

const HOUR = 3600_000;

describe('memory rate limiter', () => {
  it('a fixed window counts from its first event and starts again after it', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter(() => t);
    expect(await limiter.hit('k', HOUR)).toBe(1);
    t = HOUR - 1;
    expect(await limiter.hit('k', HOUR)).toBe(2);
    t = HOUR;
    expect(await limiter.peek('k', HOUR)).toBe(0);
  });

  it('a sliding count holds over any span: events just before and just after an hour still add up', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter(() => t);
    await limiter.hitSliding('k', HOUR);
    t = HOUR - 60_000;
    for (let i = 0; i < 9; i++) await limiter.hitSliding('k', HOUR);
    expect(await limiter.peekSliding('k', HOUR)).toBe(10);
    // The first event has left the hour, the nine others have not.
    t = HOUR + 1;
    expect(await limiter.peekSliding('k', HOUR)).toBe(9);
    expect(await limiter.hitSliding('k', HOUR)).toBe(10);
    t = 2 * HOUR - 60_000;
    expect(await limiter.peekSliding('k', HOUR)).toBe(1);
    await limiter.reset('k');
    expect(await limiter.peekSliding('k', HOUR)).toBe(0);
  });
});
