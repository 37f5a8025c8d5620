import { ErrorCode, type TErrorCode } from '@linkstore/contract';
import type { MessageKey, MessageParams } from '../i18n/translate';

/**
 * A failure the client is meant to see: a typed code, the HTTP status and a translated
 * message key. Anything else thrown is a fault, logged and answered as B0001.
 */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly httpStatus: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(`${code} ${messageKey}`);
    this.name = 'AppError';
  }

  static notFound(): AppError {
    return new AppError(ErrorCode.NOT_FOUND, 404, 'error.notFound');
  }
  static forbidden(): AppError {
    return new AppError(ErrorCode.FORBIDDEN, 403, 'error.forbidden');
  }
  static accessTokenInvalid(): AppError {
    return new AppError(ErrorCode.ACCESS_TOKEN_INVALID, 401, 'error.accessTokenInvalid');
  }
}
