import { ErrorCode, type TLoginRequest, type TTokenResponse } from '@linkstore/contract';
import type { AppConfig } from '../../platform/config/config';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { verifyPassword } from '../../platform/auth/passwords';
import type { SessionMeta, SessionService } from '../../platform/auth/sessions';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { findUserBySignInName } from './accounts.repository';
import type { CaptchaService } from './captcha.service';

const WINDOW_MS = 15 * 60_000;
/** Failed sign-ins of one account before a captcha is required even when captchas are off. */
export const ACCOUNT_FAILURES_BEFORE_CAPTCHA = 3;
/** Failed sign-ins from one address before a captcha is required. */
export const ADDRESS_FAILURES_BEFORE_CAPTCHA = 5;
/** Failed sign-ins from one address before it is refused for the rest of the window. */
export const ADDRESS_FAILURES_BEFORE_BLOCK = 30;

interface Deps {
  db: AppDatabase;
  config: AppConfig;
  sessions: SessionService;
  captchas: CaptchaService;
  limiter: RateLimiter;
}

/**
 * Password sign-in. Failures are counted per account and per client address. An account is
 * never locked (a stranger could lock its owner out): its failures only make a captcha
 * necessary. An address that keeps failing is refused for a while.
 */
export function createLoginService({ db, config, sessions, captchas, limiter }: Deps) {
  return async function login(
    input: TLoginRequest,
    meta: SessionMeta & { ip: string },
  ): Promise<TTokenResponse> {
    const addressKey = `login:ip:${meta.ip}`;
    const accountKey = `login:account:${input.username.trim().toLowerCase()}`;
    const addressFailures = await limiter.peek(addressKey, WINDOW_MS);
    if (addressFailures >= ADDRESS_FAILURES_BEFORE_BLOCK) {
      throw AppError.rateLimited();
    }
    const accountFailures = await limiter.peek(accountKey, WINDOW_MS);
    const isCaptchaNeeded =
      config.auth.captchaEnabled ||
      accountFailures >= ACCOUNT_FAILURES_BEFORE_CAPTCHA ||
      addressFailures >= ADDRESS_FAILURES_BEFORE_CAPTCHA;
    if (isCaptchaNeeded) {
      if (!input.captchaKey || !input.captchaCode) {
        throw AppError.of(ErrorCode.CAPTCHA_REQUIRED, 'auth.captchaRequired', {}, { captchaRequired: true });
      }
      if (!(await captchas.check(input.captchaKey, input.captchaCode))) {
        await limiter.hit(addressKey, WINDOW_MS);
        throw AppError.of(ErrorCode.CAPTCHA_INVALID, 'auth.captchaInvalid', {}, { captchaRequired: true });
      }
    }
    const user = await findUserBySignInName(db, input.username);
    const isPasswordRight = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !isPasswordRight) {
      await limiter.hit(addressKey, WINDOW_MS);
      const failures = await limiter.hit(accountKey, WINDOW_MS);
      const captchaRequired = failures >= ACCOUNT_FAILURES_BEFORE_CAPTCHA || config.auth.captchaEnabled;
      throw AppError.of(
        ErrorCode.BAD_CREDENTIALS,
        'auth.badCredentials',
        {},
        captchaRequired ? { captchaRequired } : null,
      );
    }
    // Only someone who knows the password learns that the account is disabled.
    if (user.status !== 1) throw AppError.of(ErrorCode.ACCOUNT_DISABLED, 'auth.accountDisabled');
    await limiter.reset(accountKey);
    return sessions.issue(user.id, meta);
  };
}
