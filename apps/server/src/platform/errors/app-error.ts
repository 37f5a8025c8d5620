import { ERROR_HTTP_STATUS, ErrorCode, type TErrorCode } from '@linkstore/contract';
import type { MessageKey, MessageParams } from '../i18n/translate';

/** One refusal naming its field; the error handler translates it in the caller's language. */
export interface FieldProblem {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

/**
 * A failure the client is meant to see: a typed code, the HTTP status and a translated
 * message key. Anything else thrown is a fault, logged and answered as B0001.
 *
 * Prefer the factories: `AppError.of(code, key)` takes the status from the contract's
 * `ERROR_HTTP_STATUS`, `AppError.field(...)` names a field without the service knowing the
 * caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly httpStatus: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
    /** Put on `data.fields`, translated, by the error handler. */
    readonly fieldProblems: readonly FieldProblem[] = [],
  ) {
    super(`${code} ${messageKey}`);
    this.name = 'AppError';
  }

  /** A refusal with its code's own HTTP status (one table, in the contract). */
  static of(code: TErrorCode, key: MessageKey, params: MessageParams = {}, data: unknown = null): AppError {
    return new AppError(code, ERROR_HTTP_STATUS[code], key, params, data);
  }

  /**
   * A value one field may not take: A0400 (or `code`) with `data.fields = [{field, message}]`,
   * the message being `key` with `{field, ...params}`.
   */
  static field(
    field: string,
    key: MessageKey,
    params: MessageParams = {},
    code: TErrorCode = ErrorCode.VALIDATION_FAILED,
  ): AppError {
    return AppError.fields([{ field, key, params }], code);
  }

  /**
   * Several field refusals answered together. `msg` is the one refusal's message, or `summary`,
   * or else "Some fields are not valid: …" joining them all.
   */
  static fields(
    problems: readonly FieldProblem[],
    code: TErrorCode = ErrorCode.VALIDATION_FAILED,
    summary?: { key: MessageKey; params?: MessageParams },
  ): AppError {
    const [first] = problems;
    const headline =
      summary ??
      (problems.length === 1 && first
        ? { key: first.key, params: { field: first.field, ...first.params } }
        : undefined);
    return new AppError(
      code,
      ERROR_HTTP_STATUS[code],
      headline?.key ?? 'error.validation',
      headline?.params ?? {},
      null,
      problems,
    );
  }

  static notFound(): AppError {
    return AppError.of(ErrorCode.NOT_FOUND, 'error.notFound');
  }
  static forbidden(): AppError {
    return AppError.of(ErrorCode.FORBIDDEN, 'error.forbidden');
  }
  static accessTokenInvalid(): AppError {
    return AppError.of(ErrorCode.ACCESS_TOKEN_INVALID, 'error.accessTokenInvalid');
  }
  static rateLimited(): AppError {
    return AppError.of(ErrorCode.RATE_LIMITED, 'error.rateLimited');
  }
  static serviceUnavailable(key: MessageKey = 'error.serviceUnavailable'): AppError {
    return AppError.of(ErrorCode.SERVICE_UNAVAILABLE, key);
  }
}
