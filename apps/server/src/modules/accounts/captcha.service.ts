import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { captchas } from '../../platform/auth/auth.tables';
import { hashToken } from '../../platform/auth/tokens';
import type { AppDatabase } from '../../platform/db/database';

const TTL_MS = 2 * 60_000;

const normalize = (answer: string) => answer.trim().toLowerCase();

/** Image captchas (a small sum to solve), single use, two minutes, shared by every API process. */
export function createCaptchaService(db: AppDatabase) {
  return {
    async create(): Promise<{ captchaKey: string; captchaBase64: string }> {
      const { text, data } = svgCaptcha.createMathExpr({
        mathMin: 1,
        mathMax: 9,
        noise: 2,
        width: 120,
        height: 40,
      });
      const captchaKey = randomUUID();
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
      await db.insert(captchas).values({
        id: captchaKey,
        answerHash: hashToken(normalize(text)),
        expiresAt: new Date(Date.now() + TTL_MS),
      });
      return {
        captchaKey,
        captchaBase64: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
      };
    },

    /** True when the answer is right; the captcha is spent either way. */
    async check(captchaKey: string, answer: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/.test(captchaKey)) return false;
      const [row] = await db
        .delete(captchas)
        .where(and(eq(captchas.id, captchaKey), gt(captchas.expiresAt, new Date())))
        .returning({ answerHash: captchas.answerHash });
      return row !== undefined && row.answerHash === hashToken(normalize(answer));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
