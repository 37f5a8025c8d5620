import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimiter } from './limiter';

/** Events a sliding count remembers per key (as the in-process limiter). */
const SLIDING_MAX_EVENTS = 1000;
const PREFIX = 'linkstore:rl';

/**
 * A fixed window: one counter that expires `windowMs` after its first event (as the in-process
 * limiter), counted atomically on Redis's own clock.
 */
const HIT_FIXED = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * A sliding count: the key's event times in a sorted set scored by Redis's clock (ms), older
 * than the window dropped, the newest kept up to a bound.
 */
const HIT_SLIDING = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[3]) + 1))
redis.call('PEXPIRE', KEYS[1], window)
return redis.call('ZCARD', KEYS[1])`;

const PEEK_SLIDING = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

/**
 * The rate limiter on Redis (REDIS_URL): the counts are shared by every server process and
 * survive their restarts, so a limit of N sign-in attempts is N whichever process answers.
 */
export function createRedisRateLimiter(redis: Redis): RateLimiter {
  const fixed = (key: string) => `${PREFIX}:f:${key}`;
  const sliding = (key: string) => `${PREFIX}:s:${key}`;
  return {
    async hit(key, windowMs) {
      return Number(await redis.eval(HIT_FIXED, 1, fixed(key), String(windowMs)));
    },
    async peek(key) {
      return Number((await redis.get(fixed(key))) ?? 0);
    },
    async hitSliding(key, windowMs) {
      return Number(
        await redis.eval(
          HIT_SLIDING,
          1,
          sliding(key),
          String(windowMs),
          randomUUID(),
          String(SLIDING_MAX_EVENTS),
        ),
      );
    },
    async peekSliding(key, windowMs) {
      return Number(await redis.eval(PEEK_SLIDING, 1, sliding(key), String(windowMs)));
    },
    async reset(key) {
      await redis.del(fixed(key), sliding(key));
    },
  };
}
