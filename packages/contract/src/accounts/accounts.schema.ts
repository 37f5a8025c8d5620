import { z } from 'zod';

/** Shared field rules; the messages are server message keys, translated by the `lang` header. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'validation.email' }));

/** At least 8 characters with a letter and a digit; at most 128 (argon2 input stays small). */
export const ZNewPassword = z
  .string()
  .min(8, { error: 'validation.passwordShort' })
  .max(128)
  .regex(/[A-Za-z]/, { error: 'validation.passwordWeak' })
  .regex(/\d/, { error: 'validation.passwordWeak' });

export const ZVerificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.code' });

export const ZCaptchaResponse = z.object({
  captchaKey: z.string(),
  /** `data:image/svg+xml;base64,…`, valid for two minutes, single use. */
  captchaBase64: z.string(),
});
export type TCaptchaResponse = z.infer<typeof ZCaptchaResponse>;

/**
 * A proof-of-work challenge (ALTCHA, v1 protocol): find `number` ≤ `maxnumber` with
 * SHA-256(salt + number) = challenge; signed and single use, valid for a few minutes.
 */
export const ZPowChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number(),
  salt: z.string(),
  signature: z.string(),
});
export type TPowChallenge = z.infer<typeof ZPowChallenge>;

/** Sign-in: `username` is a console username or an email. Sent as multipart or JSON. */
export const ZLoginRequest = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  captchaKey: z.string().max(64).optional(),
  captchaCode: z.string().trim().max(16).optional(),
  /** A solved proof-of-work challenge (ALTCHA payload, base64 JSON), when the server asks for one. */
  altcha: z.string().max(2048).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({
  tokenType: z.literal('Bearer'),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZRefreshRequest = z.object({ refreshToken: z.string().min(1).max(200) });
export type TRefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZRefreshQuery = z.object({ refreshToken: z.string().min(1).max(200).optional() });

export const ZCodeRequest = z.object({ email: ZEmail });
export type TCodeRequest = z.infer<typeof ZCodeRequest>;

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

export const ZRegisterRequest = z
  .object({ email: ZEmail, password: ZNewPassword, confirmPassword: z.string(), code: ZVerificationCode })
  .refine(passwordsMatch, { path: ['confirmPassword'], error: 'validation.passwordMismatch' });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZResetPasswordRequest = z
  .object({ email: ZEmail, code: ZVerificationCode, password: ZNewPassword, confirmPassword: z.string() })
  .refine(passwordsMatch, { path: ['confirmPassword'], error: 'validation.passwordMismatch' });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** What the resend countdown starts from: seconds until another code may be asked for. */
export const ZCodeSentResponse = z.object({ resendAfterSeconds: z.number().int().min(0) });
export type TCodeSentResponse = z.infer<typeof ZCodeSentResponse>;

export const ZOAuthProvider = z.enum(['google', 'facebook']);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;
export const ZOAuthProvidersResponse = z.object({ google: z.boolean(), facebook: z.boolean() });

/**
 * The one-time code a finished social sign-in leaves in the web app's address (never a token):
 * 32 random bytes, base64url. Anything longer is not ours; an unknown one answers A0260.
 */
export const ZOAuthExchangeRequest = z.object({ code: z.string().min(1).max(128) });
export type TOAuthExchangeRequest = z.infer<typeof ZOAuthExchangeRequest>;

/** `GET /api/v1/users/me`: who is signed in, with roles and permission strings. */
export const ZCurrentUser = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  nickname: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  countryId: z.string(),
  /** The dashboard's time zone (IANA); null: the browser's. */
  timeZone: z.string().nullable(),
  roles: z.array(z.string()),
  perms: z.array(z.string()),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** `POST /api/businessGetInfo`: the signed-in creator's business info. */
export const ZBusinessInfo = z.object({
  info: z.object({
    email: z.string().nullable(),
    subdomainurl: z.string().nullable(),
    image_url: z.string().nullable(),
    nickname: z.string(),
    country_id: z.string(),
  }),
});
export type TBusinessInfo = z.infer<typeof ZBusinessInfo>;

export const ZLegacyLogoutQuery = z.object({ email: z.string().max(254).optional() });
