import type { TFieldErrors } from '@linkstore/contract';

/** Failures that never reached a server answer; the server's own codes are strings like 'A0400'. */
export const ClientErrorCode = {
  network: 'CLIENT_NETWORK',
  timeout: 'CLIENT_TIMEOUT',
  aborted: 'CLIENT_ABORTED',
  badResponse: 'CLIENT_BAD_RESPONSE',
} as const;

/** What every failed call rejects with: callers branch on `code`, never on the message text. */
export class HttpError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly data: TFieldErrors | undefined;
  readonly status: number | undefined;

  constructor(init: {
    code: string;
    msg: string;
    data?: TFieldErrors | undefined;
    status?: number | undefined;
  }) {
    super(init.msg);
    this.name = 'HttpError';
    this.code = init.code;
    this.msg = init.msg;
    this.data = init.data;
    this.status = init.status;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
