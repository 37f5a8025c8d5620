import { ErrorCode, type TLoginRequest, type TTokenResponse } from '@linkstore/contract';
import type { AppConfig } from '../../platform/config/config';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { verifyPassword } from '../../platform/auth/passwords';
import type { SessionMeta, SessionService } from '../../platform/auth/sessions';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { findUserBySignInName } from './accounts.repository';
import type { CaptchaService } from './captcha.service';
import type { KnownDevice } from './device-cookie';
import type { ProofOfWork } from './proof-of-work';

const ADDRESS_WINDOW_MS = 15 * 60_000;
/** The per-account and per-device windows (sliding): the target is at most 10 guesses in any hour. */
export const ACCOUNT_WINDOW_MS = 3600_000;
/** Failed sign-ins of one account before a captcha is required even when captchas are off. */
export const ACCOUNT_FAILURES_BEFORE_CAPTCHA = 3;
/** Failed sign-ins of one account (or known browser) before a proof of work is required. */
export const FAILURES_BEFORE_POW = 3;
/**
 * Failed sign-ins from one address (on any accounts) before a proof of work is required: as
 * many as before a captcha, so a person who mistyped a few times on a few accounts is not asked.
 */
export const ADDRESS_FAILURES_BEFORE_POW = 5;
/**
 * Failed sign-ins of one account, from browsers that never signed in to it, before such
 * attempts are refused (unchecked) for the rest of the hour, from whatever address.
 */
export const ACCOUNT_FAILURES_BEFORE_BLOCK = 10;
/** Failed sign-ins from one known browser (device cookie) before it too waits for the hour. */
export const DEVICE_FAILURES_BEFORE_BLOCK = 10;
/** Failed sign-ins from one address before a captcha is required. */
export const ADDRESS_FAILURES_BEFORE_CAPTCHA = 5;
/** Failed sign-ins from one address before it is refused for the rest of the window. */
export const ADDRESS_FAILURES_BEFORE_BLOCK = 30;

interface Deps {
  db: AppDatabase;
  config: AppConfig;
  sessions: SessionService;
  captchas: CaptchaService;
  proofOfWork: ProofOfWork;
  limiter: RateLimiter;
}

export interface LoginMeta extends SessionMeta {
  ip: string;
  /** The browser's device cookie, when it has a valid one (for any account). */
  device: KnownDevice | undefined;
}

const accountThrottled = () => AppError.of(ErrorCode.RATE_LIMITED, 'auth.accountThrottled');
const powRequired = () => AppError.of(ErrorCode.POW_REQUIRED, 'auth.powRequired', {}, { powRequired: true });

/**
 * Password sign-in (console username or creator email), defended against guessing as OWASP
 * describes ("device cookies"):
 * - failures from browsers that never signed in to the account count per account, whatever the
 *   address; past ACCOUNT_FAILURES_BEFORE_BLOCK an hour, such attempts are refused without
 *   looking at the password;
 * - a browser holding a device cookie for the account has its own count, so the owner signs in
 *   during an attack; the account itself is never locked;
 * - after a few failures of the account (or device) or of the address, a proof of work and a
 *   captcha are required; an address that keeps failing is refused for a while.
 */
export function createLoginService({ db, config, sessions, captchas, proofOfWork, limiter }: Deps) {
  return async function login(
    input: TLoginRequest,
    meta: LoginMeta,
  ): Promise<TTokenResponse & { userId: number }> {
    const addressKey = `login:ip:${meta.ip}`;
    const addressFailures = await limiter.peek(addressKey, ADDRESS_WINDOW_MS);
    if (addressFailures >= ADDRESS_FAILURES_BEFORE_BLOCK) {
      throw AppError.rateLimited();
    }
    const user = await findUserBySignInName(db, input.username);
    // One count per account whichever name it is asked by; unknown names count by name.
    const accountKey = user
      ? `login:account:${user.id}`
      : `login:name:${input.username.trim().toLowerCase()}`;
    const isKnownDevice = user !== undefined && meta.device?.userId === user.id;
    const failureKey = isKnownDevice ? `login:device:${meta.device?.id}` : accountKey;
    // Sliding: no hour, whenever it starts, holds more checks than the limit.
    const failures = await limiter.peekSliding(failureKey, ACCOUNT_WINDOW_MS);
    if (failures >= (isKnownDevice ? DEVICE_FAILURES_BEFORE_BLOCK : ACCOUNT_FAILURES_BEFORE_BLOCK)) {
      throw accountThrottled();
    }
    const isPowNeeded = failures >= FAILURES_BEFORE_POW || addressFailures >= ADDRESS_FAILURES_BEFORE_POW;
    const isCaptchaNeeded =
      config.auth.captchaEnabled ||
      failures >= ACCOUNT_FAILURES_BEFORE_CAPTCHA ||
      addressFailures >= ADDRESS_FAILURES_BEFORE_CAPTCHA;
    // Ask for what is missing before spending anything: a solution stays good for the retry.
    if (isPowNeeded && !input.altcha) throw powRequired();
    if (isCaptchaNeeded && (!input.captchaKey || !input.captchaCode)) {
      throw AppError.of(ErrorCode.CAPTCHA_REQUIRED, 'auth.captchaRequired', {}, { captchaRequired: true });
    }
    if (isPowNeeded && !(await proofOfWork.check(input.altcha))) {
      await limiter.hit(addressKey, ADDRESS_WINDOW_MS);
      throw powRequired();
    }
    if (isCaptchaNeeded && !(await captchas.check(input.captchaKey ?? '', input.captchaCode ?? ''))) {
      await limiter.hit(addressKey, ADDRESS_WINDOW_MS);
      throw AppError.of(ErrorCode.CAPTCHA_INVALID, 'auth.captchaInvalid', {}, { captchaRequired: true });
    }
    const isPasswordRight = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !isPasswordRight) {
      await limiter.hit(addressKey, ADDRESS_WINDOW_MS);
      const count = await limiter.hitSliding(failureKey, ACCOUNT_WINDOW_MS);
      const captchaRequired = count >= ACCOUNT_FAILURES_BEFORE_CAPTCHA || config.auth.captchaEnabled;
      throw AppError.of(
        ErrorCode.BAD_CREDENTIALS,
        'auth.badCredentials',
        {},
        captchaRequired ? { captchaRequired } : null,
      );
    }
    // Only someone who knows the password learns that the account is disabled.
    if (user.status !== 1) throw AppError.of(ErrorCode.ACCOUNT_DISABLED, 'auth.accountDisabled');
    // A known browser's count starts again; the account's does not, so that a success (the
    // owner's, or a lucky guess) never buys a guesser more tries within the hour.
    if (isKnownDevice) await limiter.reset(failureKey);
    return { ...(await sessions.issue(user.id, meta)), userId: user.id };
  };
}
