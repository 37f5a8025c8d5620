import { ErrorCode } from '@linkstore/contract';
import { isHttpError } from '../http/http-error';
import { i18n } from '../i18n/i18n';

/** Our own translations of the sign-in error codes (common namespace). */
const MESSAGE_KEYS: Record<string, string> = {
  [ErrorCode.BAD_CREDENTIALS]: 'auth.error.badCredentials',
  [ErrorCode.ACCOUNT_DISABLED]: 'auth.error.accountDisabled',
  [ErrorCode.CAPTCHA_INVALID]: 'auth.error.captchaInvalid',
  [ErrorCode.CAPTCHA_REQUIRED]: 'auth.error.captchaRequired',
  [ErrorCode.POW_REQUIRED]: 'auth.error.powRequired',
  [ErrorCode.CODE_INVALID]: 'auth.error.codeInvalid',
  [ErrorCode.OAUTH_FAILED]: 'auth.error.oauthFailed',
  [ErrorCode.RATE_LIMITED]: 'auth.error.rateLimited',
};

/**
 * The message a form shows for a failed account call: ours for known codes, otherwise the
 * server's (already in the user's language) or the client's own.
 */
export function authErrorMessage(error: unknown): string {
  const t = i18n.getFixedT(null, 'common');
  if (!isHttpError(error)) return t('http.error.generic');
  const key = MESSAGE_KEYS[error.code];
  return key ? t(key) : error.msg || t('http.notice.errorDefault');
}

export function errorCodeOf(error: unknown): string | undefined {
  return isHttpError(error) ? error.code : undefined;
}
