import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { TPowChallenge } from '@linkstore/contract';
import { createHmac } from 'node:crypto';
import type { RateLimiter } from '../../platform/rate-limit/limiter';

/** How long a challenge may be solved and sent. */
export const POW_TTL_MS = 5 * 60_000;
/**
 * The search space: a browser tries about half of it, a few hundred milliseconds. A native
 * solver is faster; the proof of work slows a guesser down, the per-account limit stops it.
 */
export const POW_MAX_NUMBER = 50_000;

/**
 * Proof-of-work challenges (ALTCHA, v1 protocol, `altcha-lib`): signed with a key derived from
 * the server's secret, valid for five minutes and accepted once (the spent signatures are kept
 * in the rate-limit store until they expire, so every API process sharing it refuses a replay).
 */
export function createProofOfWork(secret: string, limiter: RateLimiter) {
  const hmacKey = createHmac('sha256', secret).update('proof-of-work').digest('hex');
  return {
    async create(): Promise<TPowChallenge> {
      const challenge = await createChallenge({
        hmacKey,
        maxNumber: POW_MAX_NUMBER,
        expires: new Date(Date.now() + POW_TTL_MS),
      });
      return { ...challenge, maxnumber: challenge.maxnumber ?? POW_MAX_NUMBER };
    },

    /** True once for a right, unexpired solution of one of our challenges. */
    async check(payload: string | undefined): Promise<boolean> {
      if (!payload) return false;
      let signature: unknown;
      try {
        const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
        signature = (decoded as { signature?: unknown } | null)?.signature;
        if (typeof signature !== 'string' || !(await verifySolution(payload, hmacKey, true))) return false;
      } catch {
        return false;
      }
      return (await limiter.hit(`pow:spent:${signature}`, POW_TTL_MS)) === 1;
    },
  };
}
export type ProofOfWork = ReturnType<typeof createProofOfWork>;
