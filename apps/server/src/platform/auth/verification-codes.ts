import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type TLanguage } from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/database';
import { withTransaction } from '../db/transaction';
import { AppError } from '../errors/app-error';
import { translate } from '../i18n/translate';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../rate-limit/limiter';
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
} from './verification-codes.repository';

export type { CodePurpose } from './verification-codes.repository';

export const CODE_TTL_MINUTES = 10;
/** Tries per code, right or wrong; after that the code is dead and a new one must be asked for. */
export const CODE_MAX_ATTEMPTS = 5;
/** Per email and purpose. */
export const RESEND_AFTER_SECONDS = 60;
/** Per email, all purposes together, over the last 24 hours. */
export const CODES_PER_EMAIL_PER_DAY = 10;
/** Per client address and hour, all purposes together: asking for codes, and trying them. */
export const CODE_REQUESTS_PER_ADDRESS = 20;
export const CODE_CHECKS_PER_ADDRESS = 30;

const ADDRESS_WINDOW_MS = 3600_000;
const DAY_MS = 24 * 3600_000;

/** Whom a code is for: the address, what it is for and, when it binds to an account, whose. */
export interface CodeSubject {
  email: string;
  purpose: CodePurpose;
  /** The account that asked; only it can spend the code (binding an email to a profile). */
  owner?: number;
}

export interface IssuedCode {
  /** The code to mail; null when the request was recorded but no live code was made. */
  code: string | null;
  resendAfterSeconds: number;
}

/** The mails about codes: a code, or the notice sent instead of one (`mail.<kind>.*` messages). */
export type CodeMail =
  'registerCode' | 'resetCode' | 'bindEmailCode' | 'alreadyRegistered' | 'noAccount' | 'emailInUse';

interface Deps {
  db: AppDatabase;
  /** Keys the code hashes, so a copy of the table does not give the codes away. */
  secret: string;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const codeInvalid = () => AppError.of(ErrorCode.CODE_INVALID, 'auth.codeInvalid');
/** `data.resendAfterSeconds` lets the client run its countdown from the server's figure. */
const tooSoon = (key: 'auth.codeTooSoon' | 'auth.codeDailyLimit', seconds: number) =>
  AppError.of(ErrorCode.CODE_TOO_SOON, key, { seconds }, { resendAfterSeconds: seconds });

/**
 * Six-digit codes sent by email (registration, password reset, binding an email): the resend
 * and daily limits per address, the per-client limits, HMAC-keyed hashes at rest and a
 * timing-safe check that counts every try, and the mails. Which mail fits (a code, or a notice
 * that the address has an account) is the caller's choice.
 */
export function createVerificationCodes({ db, secret, limiter, mailer, log }: Deps) {
  const hmacKey = createHmac('sha256', secret).update('verification-codes').digest();
  const hashCode = ({ email, purpose, owner }: CodeSubject, code: string) => {
    const scope = owner === undefined ? purpose : `${purpose}:${owner}`;
    return createHmac('sha256', hmacKey).update(`${scope}\n${email}\n${code}`).digest('hex');
  };

  async function limitAddress(kind: 'request' | 'check', ip: string, max: number): Promise<void> {
    if ((await limiter.hit(`codes:${kind}:${ip}`, ADDRESS_WINDOW_MS)) > max) throw AppError.rateLimited();
  }

  return {
    /**
     * Records a code request and makes a code. `isLive` (asked only once the client's address
     * is within its limit) false still writes a row (spent, with a hash nothing matches), so the
     * resend and daily limits behave the same for every address and nobody learns from them
     * which addresses have accounts.
     */
    async issue(subject: CodeSubject, ip: string, isLive: () => Promise<boolean>): Promise<IssuedCode> {
      await limitAddress('request', ip, CODE_REQUESTS_PER_ADDRESS);
      const { email, purpose } = subject;
      const live = await isLive();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeHash = live ? hashCode(subject, code) : randomBytes(32).toString('hex');
      const refusal = await withTransaction(db, async (tx) => {
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
          consumedAt: live ? null : now,
        });
        return undefined;
      });
      if (refusal) throw refusal;
      return { code: live ? code : null, resendAfterSeconds: RESEND_AFTER_SECONDS };
    },

    /**
     * One try of the open code, in its own transaction: counted whatever its outcome, spent when
     * right. Throws CODE_INVALID unless right. Whatever the caller does next (hash a password)
     * comes after the commit, so no row stays locked meanwhile.
     */
    async spend(subject: CodeSubject, code: string, ip: string): Promise<void> {
      await limitAddress('check', ip, CODE_CHECKS_PER_ADDRESS);
      const isRight = await withTransaction(db, async (tx) => {
        const row = await findOpenCodeForUpdate(tx, subject.email, subject.purpose);
        const now = new Date();
        if (!row || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) return false;
        const isMatch = timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(hashCode(subject, code)));
        await recordAttempt(tx, row.id, isMatch ? now : null);
        return isMatch;
      });
      if (!isRight) throw codeInvalid();
    },

    /**
     * Mails a code (or the notice sent instead) in `lang`. Handed over in the background: the
     * answer must not wait on (or reveal) the relay.
     */
    mail(to: string, kind: CodeMail, lang: TLanguage, code: string | null = null): void {
      const values = { code: code ?? '', minutes: CODE_TTL_MINUTES };
      const subject = translate(lang, `mail.${kind}.subject`, values);
      const text = translate(lang, `mail.${kind}.body`, values);
      void mailer.send({ to, subject, text }).catch((err: unknown) => {
        log.error({ err, mail: kind }, 'Could not send mail');
      });
    },

    /** The refusal a caller answers when a right code could not be used after all. */
    codeInvalid,
  };
}
export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
