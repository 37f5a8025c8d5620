import { createHash } from 'node:crypto';
import type { TPowChallenge } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { captchas } from '../platform/auth/auth.tables';
import { hashToken } from '../platform/auth/tokens';
import type { TestContext } from './helper';

/**
 * Solves a proof-of-work challenge the way a script would: a native SHA-256 loop (faster than
 * a browser). Returns the `altcha` field to send.
 */
export async function solvedChallenge(app: TestContext): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url: '/api/v1/auth/challenge' });
  const challenge = res.json().data as TPowChallenge;
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) {
      const payload = { ...challenge, number: n };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('challenge not solvable');
}

/**
 * Reads a fresh captcha as the script did (it read 20 of 20 by glyph matching): here by
 * trying the few answers a small sum can have against the stored hash.
 */
export async function readCaptcha(app: TestContext): Promise<{ captchaKey: string; captchaCode: string }> {
  const res = await app.app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
  const { captchaKey } = res.json().data as { captchaKey: string };
  const [row] = await app.database.db
    .select({ answerHash: captchas.answerHash })
    .from(captchas)
    .where(eq(captchas.id, captchaKey));
  for (let n = -100; n <= 100; n++) {
    if (row?.answerHash === hashToken(String(n))) return { captchaKey, captchaCode: String(n) };
  }
  throw new Error('captcha not read');
}
