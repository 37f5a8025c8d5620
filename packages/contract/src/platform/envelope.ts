import { z } from 'zod';

/**
 * Result codes of the `{code, msg, data}` envelope (SPEC.md §8). Success and warning are
 * numbers; every error is a string code so the client can branch on it.
 */
export const RESULT_SUCCESS = 1 as const;
export const RESULT_WARNING = 0 as const;

/** Error codes. Each maps to an HTTP status and a translated message key on the server. */
export const ErrorCode = {
  /** Access token missing, expired or invalid: the client goes to /login. */
  ACCESS_TOKEN_INVALID: '1002',
  /** Refresh token invalid: the client rejects without a toast. */
  REFRESH_TOKEN_INVALID: 'A0231',
  /** Wrong username/email or password (never says which). */
  BAD_CREDENTIALS: 'A0210',
  /** The account is disabled. */
  ACCOUNT_DISABLED: 'A0211',
  /** This sign-in needs the image captcha; `data.captchaRequired` is true. */
  CAPTCHA_REQUIRED: 'A0241',
  /** The captcha answer is wrong, expired or already used. */
  CAPTCHA_INVALID: 'A0240',
  /** The emailed code is wrong, expired, used up or was never sent. */
  CODE_INVALID: 'A0250',
  /** A new code was asked for too soon, or too many today. */
  CODE_TOO_SOON: 'A0251',
  /** The sign-in provider is not configured or the sign-in with it failed. */
  OAUTH_FAILED: 'A0260',
  /** Signed in but lacking the permission string the route declares. */
  FORBIDDEN: 'A0301',
  /** Request failed validation; `data.fields` names the bad fields. */
  VALIDATION_FAILED: 'A0400',
  /** The body is not well-formed JSON. */
  MALFORMED_BODY: 'A0402',
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 'A0413',
  /** The content type of the body is not accepted by this route. */
  UNSUPPORTED_MEDIA_TYPE: 'A0415',
  /** Too many requests from this client. */
  RATE_LIMITED: 'A0502',
  /** The addressed record does not exist (or is not yours). */
  NOT_FOUND: 'A0404',
  /** No route matches the method and path. */
  ROUTE_NOT_FOUND: 'C0113',
  /** A dependency (database, mail, payment provider) is unavailable. */
  SERVICE_UNAVAILABLE: 'C0001',
  /** Unexpected server fault; details are logged, never sent. */
  INTERNAL: 'B0001',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export const ERROR_CODES = Object.values(ErrorCode) as TErrorCode[];

export const ZResultCode = z.union([z.literal(RESULT_SUCCESS), z.literal(RESULT_WARNING), z.string()]);
export type TResultCode = z.infer<typeof ZResultCode>;

/** Builds the envelope schema around a data schema. */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: ZResultCode, msg: z.string(), data });
}
export type TEnvelope<T> = { code: TResultCode; msg: string; data: T };

/** Field errors carried in `data.fields` of an A0400 answer: path → translated message. */
export const ZFieldErrors = z.object({
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TFieldErrors = z.infer<typeof ZFieldErrors>;

export const ZErrorEnvelope = z.object({
  code: z.string(),
  msg: z.string(),
  /** Field errors for A0400; a few codes carry a small object (e.g. `{captchaRequired: true}`). */
  data: z.union([ZFieldErrors, z.record(z.string(), z.unknown()), z.null()]),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
