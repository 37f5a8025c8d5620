import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
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
/** Per email, purpose and requester (an address, or a known browser). */
export const RESEND_AFTER_SECONDS = 60;
/**
 * Per email, all purposes together, over the last 24 hours: the cap the requests of all
 * addresses share. A known browser's own requests do not count here (its own budget, below).
 */
export const CODES_PER_EMAIL_PER_DAY = 10;
/**
 * Per email and address (an IPv6 address by its /64), all purposes, over the last 24 hours: one
 * address alone cannot use up the email's shared cap, so the owner asking from another still
 * gets a code.
 */
export const CODES_PER_ADDRESS_PER_EMAIL_PER_DAY = 3;
/**
 * Per email and browser that signed in to the email's account before (device cookie), over the
 * last 24 hours: the owner's own budget, which no number of addresses can use up.
 */
export const CODES_PER_KNOWN_BROWSER_PER_DAY = 5;
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

/**
 * The requester key for a client address: IPv4 as it is, IPv6 by its /64 (one subscriber's
 * network gets a whole /64, so its addresses are one requester), IPv4-mapped IPv6 as IPv4.
 */
export function addressRequester(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  const bare = ip.split('%')[0] ?? ip;
  if (!isIPv6(bare)) return `ip:${ip}`;
  const [head = '', tail] = bare.split('::');
  const width = (part: string[]) => part.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - width(headGroups) - width(tailGroups)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
  return `ip:${prefix.join(':')}::/64`;
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
     * Records a code request and makes a code. `knownBrowser` (the device id of a browser that
     * signed in to the email's account) gives the request that browser's own budget; otherwise
     * it counts against the client address's budget and the email's shared cap. `isLive` (asked
     * only once the client's address is within its limit) false still writes a row (spent, with
     * a hash nothing matches), so the resend and daily limits behave the same for every address
     * and nobody learns from them which addresses have accounts.
     */
    async issue(
      subject: CodeSubject,
      ip: string,
      isLive: () => Promise<boolean>,
      knownBrowser?: string,
    ): Promise<IssuedCode> {
      await limitAddress('request', ip, CODE_REQUESTS_PER_ADDRESS);
      const { email, purpose } = subject;
      const live = await isLive();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeHash = live ? hashCode(subject, code) : randomBytes(32).toString('hex');
      // Each requester has its own budget: one cannot make another wait or use up its codes.
      const requester = knownBrowser === undefined ? addressRequester(ip) : `device:${knownBrowser}`;
      const refusal = await withTransaction(db, async (tx) => {
        await lockEmail(tx, email);
        const now = new Date();
        const dayAgo = new Date(now.getTime() - DAY_MS);
        const last = await lastRequestedAt(tx, email, purpose, requester);
        const wait = last ? Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - last.getTime()) / 1000) : 0;
        if (wait > 0) return tooSoon('auth.codeTooSoon', wait);
        const untilDayAfter = (oldest: Date | null) =>
          tooSoon(
            'auth.codeDailyLimit',
            Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime()) / 1000)),
          );
        const own = await requestsSince(tx, email, dayAgo, requester);
        const ownMax =
          knownBrowser === undefined ? CODES_PER_ADDRESS_PER_EMAIL_PER_DAY : CODES_PER_KNOWN_BROWSER_PER_DAY;
        if (own.count >= ownMax) return untilDayAfter(own.oldest);
        if (knownBrowser === undefined) {
          // Only requests that were within their address's budget were recorded, so the cap
          // counts those alone; a known browser's requests are outside it.
          const shared = await requestsSince(tx, email, dayAgo);
          if (shared.count >= CODES_PER_EMAIL_PER_DAY) return untilDayAfter(shared.oldest);
        }
        await deleteCodesBefore(tx, dayAgo);
        await invalidateOpenCodes(tx, email, purpose, now);
        await insertCode(tx, {
          email,
          purpose,
          codeHash,
          requester,
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
