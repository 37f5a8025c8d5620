import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  type TCodeSentResponse,
  type TLanguage,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TTokenResponse,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import { hashPassword } from '../../platform/auth/passwords';
import type { SessionMeta, SessionService } from '../../platform/auth/sessions';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { translate } from '../../platform/i18n/translate';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { findUserBySignInName } from './accounts.repository';
import {
  deleteCodesBefore,
  findOpenCodeForUpdate,
  insertCode,
  invalidateOpenCodes,
  lastRequestedAt,
  lockEmail,
  recordAttempt,
  requestsSince,
  type CodePurpose,
} from '../../platform/auth/verification-codes.repository';

export const CODE_TTL_MINUTES = 10;
/** Tries per code, right or wrong; after that the code is dead and a new one must be asked for. */
export const CODE_MAX_ATTEMPTS = 5;
/** Per email and purpose. */
export const RESEND_AFTER_SECONDS = 60;
/** Per email, all purposes together, over the last 24 hours. */
export const CODES_PER_EMAIL_PER_DAY = 10;
/** Per client address and hour: asking for codes, and trying them. */
export const CODE_REQUESTS_PER_ADDRESS = 20;
export const CODE_CHECKS_PER_ADDRESS = 30;

const ADDRESS_WINDOW_MS = 3600_000;
const DAY_MS = 24 * 3600_000;

export interface RequestContext {
  ip: string;
  lang: TLanguage;
  session: SessionMeta;
}

interface Deps {
  db: AppDatabase;
  /** Keys the code hashes, so a copy of the table does not give the codes away. */
  secret: string;
  sessions: SessionService;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

type CodeMail = 'registerCode' | 'resetCode' | 'alreadyRegistered' | 'noAccount';

const codeInvalid = () => new AppError(ErrorCode.CODE_INVALID, 400, 'auth.codeInvalid');
const rateLimited = () => new AppError(ErrorCode.RATE_LIMITED, 429, 'error.rateLimited');
/** `data.resendAfterSeconds` lets the client run its countdown from the server's figure. */
const tooSoon = (key: 'auth.codeTooSoon' | 'auth.codeDailyLimit', seconds: number) =>
  new AppError(ErrorCode.CODE_TOO_SOON, 429, key, { seconds }, { resendAfterSeconds: seconds });

/**
 * Registration by emailed code and forgotten passwords. Whether an email has an account is never
 * told: asking for a code answers the same and does the same work either way, only the mail
 * differs ("you already have an account", "no account uses this address").
 */
export function createRegistrationService({ db, secret, sessions, limiter, mailer, log }: Deps) {
  const hmacKey = createHmac('sha256', secret).update('verification-codes').digest();
  const hashCode = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', hmacKey).update(`${purpose}\n${email}\n${code}`).digest('hex');

  async function limitAddress(kind: 'request' | 'check', ip: string, max: number): Promise<void> {
    if ((await limiter.hit(`codes:${kind}:${ip}`, ADDRESS_WINDOW_MS)) > max) throw rateLimited();
  }

  /** Mail is handed over in the background: the answer must not wait on (or reveal) the relay. */
  function sendMail(to: string, kind: CodeMail, lang: TLanguage, params: { code?: string } = {}): void {
    const values = { ...params, minutes: CODE_TTL_MINUTES };
    const subject = translate(lang, `mail.${kind}.subject`, values);
    const text = translate(lang, `mail.${kind}.body`, values);
    void mailer.send({ to, subject, text }).catch((err: unknown) => {
      log.error({ err, mail: kind }, 'Could not send mail');
    });
  }

  /**
   * Records a code request and mails it. `isLive` false still writes a row (spent, with a hash
   * nothing matches), so the resend and daily limits behave the same for every address.
   */
  async function issueCode(
    email: string,
    purpose: CodePurpose,
    mail: { live: CodeMail; notice: CodeMail; isLive: boolean },
    ctx: RequestContext,
  ): Promise<TCodeSentResponse> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const liveHash = hashCode(email, purpose, code);
    const codeHash = mail.isLive ? liveHash : randomBytes(32).toString('hex');
    const refusal = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDatabase;
      await lockEmail(tx, email);
      const now = new Date();
      const last = await lastRequestedAt(tx, email, purpose);
      const wait = last ? Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - last.getTime()) / 1000) : 0;
      if (wait > 0) return tooSoon('auth.codeTooSoon', wait);
      const today = await requestsSince(tx, email, new Date(now.getTime() - DAY_MS));
      if (today.count >= CODES_PER_EMAIL_PER_DAY) {
        const oldest = today.oldest?.getTime() ?? now.getTime();
        return tooSoon(
          'auth.codeDailyLimit',
          Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000)),
        );
      }
      await deleteCodesBefore(tx, new Date(now.getTime() - DAY_MS));
      await invalidateOpenCodes(tx, email, purpose, now);
      await insertCode(tx, {
        email,
        purpose,
        codeHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
        consumedAt: mail.isLive ? null : now,
      });
      return undefined;
    });
    if (refusal) throw refusal;
    if (mail.isLive) sendMail(email, mail.live, ctx.lang, { code });
    else sendMail(email, mail.notice, ctx.lang);
    return { resendAfterSeconds: RESEND_AFTER_SECONDS };
  }

  /**
   * One try of the open code, in its own transaction: counted whatever its outcome, spent when
   * right. Throws unless right. The password is hashed only afterwards, so wrong guesses are cheap
   * for us and no row stays locked while argon2 runs.
   */
  async function spendCode(email: string, purpose: CodePurpose, code: string, ip: string): Promise<void> {
    await limitAddress('check', ip, CODE_CHECKS_PER_ADDRESS);
    const isRight = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDatabase;
      const row = await findOpenCodeForUpdate(tx, email, purpose);
      const now = new Date();
      if (!row || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) return false;
      const isMatch = timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(hashCode(email, purpose, code)));
      await recordAttempt(tx, row.id, isMatch ? now : null);
      return isMatch;
    });
    if (!isRight) throw codeInvalid();
  }

  return {
    async requestRegisterCode(email: string, ctx: RequestContext): Promise<TCodeSentResponse> {
      await limitAddress('request', ctx.ip, CODE_REQUESTS_PER_ADDRESS);
      const user = await findUserBySignInName(db, email);
      return issueCode(
        email,
        'register',
        { live: 'registerCode', notice: 'alreadyRegistered', isLive: !user },
        ctx,
      );
    },

    async requestResetCode(email: string, ctx: RequestContext): Promise<TCodeSentResponse> {
      await limitAddress('request', ctx.ip, CODE_REQUESTS_PER_ADDRESS);
      const user = await findUserBySignInName(db, email);
      return issueCode(email, 'reset', { live: 'resetCode', notice: 'noAccount', isLive: !!user }, ctx);
    },

    /** Creates the account when the code is right, and signs it in. */
    async register(input: TRegisterRequest, ctx: RequestContext): Promise<TTokenResponse> {
      await spendCode(input.email, 'register', input.code, ctx.ip);
      const passwordHash = await hashPassword(input.password);
      const tokens = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as AppDatabase;
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            nickname: (input.email.split('@')[0] ?? '').slice(0, 64),
          })
          // Registered meanwhile (another code, a social sign-in): the code was for nothing.
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        return created ? sessions.issue(created.id, ctx.session, tx) : undefined;
      });
      if (!tokens) throw codeInvalid();
      return tokens;
    },

    /** Sets the new password when the code is right and ends every sign-in of the account. */
    async resetPassword(input: TResetPasswordRequest, ctx: RequestContext): Promise<null> {
      await spendCode(input.email, 'reset', input.code, ctx.ip);
      const passwordHash = await hashPassword(input.password);
      const isDone = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as AppDatabase;
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.email, input.email))
          .returning({ id: users.id });
        if (!user) return false;
        await sessions.revokeAllForUser(user.id, tx);
        return true;
      });
      if (!isDone) throw codeInvalid();
      return null;
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
