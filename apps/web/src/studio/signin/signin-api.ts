import { LANGUAGES, type TLanguage } from '@linkstore/contract';

/**
 * The sign-in page alone talks to the server with `fetch`, not the app's client: the contract's
 * route objects carry zod schemas, which would put zod in this small start. The paths and codes
 * are the contract's (`accountsRoutes`, `ErrorCode`), fixed here; a test keeps them equal.
 */
export const SIGN_IN_PATHS = {
  captcha: '/api/v1/auth/captcha',
  challenge: '/api/v1/auth/challenge',
  login: '/api/v1/auth/login',
  registerCode: '/api/v1/auth/register/code',
  register: '/api/v1/auth/register',
  oauthProviders: '/api/v1/auth/oauth/providers',
  oauthStart: '/api/v1/auth/oauth/:provider',
} as const;

export const SIGN_IN_CODES = {
  BAD_CREDENTIALS: 'A0210',
  ACCOUNT_DISABLED: 'A0211',
  CAPTCHA_REQUIRED: 'A0241',
  CAPTCHA_INVALID: 'A0240',
  POW_REQUIRED: 'A0243',
  CODE_INVALID: 'A0250',
  OAUTH_FAILED: 'A0260',
  RATE_LIMITED: 'A0502',
} as const;

/** The runtime config's global (`RUNTIME_CONFIG_GLOBAL`), read without its zod schema. */
export const RUNTIME_GLOBAL = '__LINKSTORE_RUNTIME__';
/** The app's request timeout (`REQUEST_TIMEOUT_MS`). */
const TIMEOUT_MS = 50_000;

/** A refused or failed call: the server's code (or a client one) and message, field errors. */
export class SignInError extends Error {
  readonly code: string;
  readonly fields: { field: string; message: string }[];
  constructor(code: string, message: string, fields: { field: string; message: string }[] = []) {
    super(message);
    this.name = 'SignInError';
    this.code = code;
    this.fields = fields;
  }
}

export const NETWORK_ERROR = 'CLIENT_NETWORK';

interface TRuntime {
  apiHosts: Record<string, string>;
  captchaEnabled: boolean;
}

/** `/runtime-config.js`'s values, with the app's defaults for a missing or malformed one. */
export function readRuntime(source: object = globalThis): TRuntime {
  const raw: unknown = Reflect.get(source, RUNTIME_GLOBAL);
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const hosts = value.apiHosts;
  const isHosts =
    typeof hosts === 'object' &&
    hosts !== null &&
    Object.values(hosts).every((host) => typeof host === 'string');
  const isValid = isHosts && typeof value.captchaEnabled === 'boolean' && typeof value.version === 'string';
  return isValid
    ? { apiHosts: hosts as Record<string, string>, captchaEnabled: value.captchaEnabled as boolean }
    : { apiHosts: {}, captchaEnabled: true };
}

/** The API origin for this page, as the app resolves it (`resolveApiOrigin`). */
export function apiOrigin(): string {
  const mapped = readRuntime().apiHosts[window.location.hostname];
  return (mapped ?? window.location.origin).replace(/\/+$/, '');
}

function fieldsOf(data: unknown): { field: string; message: string }[] {
  const fields: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'fields') : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (item): item is { field: string; message: string } =>
      typeof item === 'object' &&
      item !== null &&
      typeof Reflect.get(item, 'field') === 'string' &&
      typeof Reflect.get(item, 'message') === 'string',
  );
}

/** One call with the app's headers (`lang` for the server's messages): the envelope's `data`. */
export async function callApi(
  path: string,
  language: TLanguage,
  body?: FormData | Record<string, string>,
): Promise<unknown> {
  const isJson = body !== undefined && !(body instanceof FormData);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let text: string;
  try {
    const response = await fetch(`${apiOrigin()}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        Accept: 'application/json',
        lang: LANGUAGES.includes(language) ? language : 'en',
        ...(isJson ? { 'Content-Type': 'application/json;charset=UTF-8' } : {}),
      },
      body: isJson ? JSON.stringify(body) : body,
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    throw new SignInError(NETWORK_ERROR, '');
  } finally {
    clearTimeout(timer);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('code' in parsed)) {
    throw new SignInError(NETWORK_ERROR, '');
  }
  const { code, msg, data } = parsed as { code: unknown; msg?: unknown; data?: unknown };
  // 1 is success, 0 a warning (quiet here, as the app's account calls are).
  if (String(code) === '1' || String(code) === '0') return data;
  throw new SignInError(String(code), typeof msg === 'string' ? msg : '', fieldsOf(data));
}

export interface TCaptcha {
  captchaKey: string;
  captchaBase64: string;
}

export async function fetchCaptcha(language: TLanguage): Promise<TCaptcha> {
  const data = (await callApi(SIGN_IN_PATHS.captcha, language)) as Partial<TCaptcha> | undefined;
  return { captchaKey: String(data?.captchaKey ?? ''), captchaBase64: String(data?.captchaBase64 ?? '') };
}

export type TProviders = Partial<Record<'google' | 'facebook', boolean>>;

export async function fetchProviders(language: TLanguage): Promise<TProviders> {
  const data = await callApi(SIGN_IN_PATHS.oauthProviders, language);
  const providers: TProviders = typeof data === 'object' && data !== null ? data : {};
  return providers;
}

/** Where the browser goes to sign in with a provider, back to `returnTo` (`oauthStartUrl`). */
export function oauthStartUrl(provider: 'google' | 'facebook', returnTo = '/'): string {
  return `${apiOrigin()}${SIGN_IN_PATHS.oauthStart.replace(':provider', provider)}?returnTo=${encodeURIComponent(returnTo)}`;
}

export interface TLoginInput {
  username: string;
  password: string;
  captchaKey: string;
  captchaCode: string;
}

export interface TTokenPair {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
  expiresIn?: number;
}

/** A solved challenge the server has not spent yet (it answered "captcha required" first). */
let unspentAltcha: string | undefined;

/** Asks for a proof-of-work challenge and solves it (its library loads only when asked). */
async function solveProofOfWork(language: TLanguage): Promise<string> {
  const challenge = (await callApi(SIGN_IN_PATHS.challenge, language)) as {
    algorithm: string;
    challenge: string;
    salt: string;
    maxnumber?: number;
  };
  const { solveChallenge } = await import('altcha-lib/v1');
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new SignInError(SIGN_IN_CODES.POW_REQUIRED, '');
  return btoa(JSON.stringify({ ...challenge, number: solution.number }));
}

/**
 * Password sign-in as the app does it (`loginWithPassword`): a multipart form; when the server
 * asks for a proof of work (A0243) the browser solves one (`onChecking` says so) and sends again,
 * once. Resolves the token pair.
 */
export async function loginWithPassword(
  input: TLoginInput,
  language: TLanguage,
  onChecking: (isChecking: boolean) => void = () => undefined,
): Promise<TTokenPair> {
  let altcha = unspentAltcha;
  for (let round = 0; ; round++) {
    const body = new FormData();
    const fields: Record<string, string> = altcha ? { ...input, altcha } : { ...input };
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    try {
      const tokens = (await callApi(SIGN_IN_PATHS.login, language, body)) as TTokenPair;
      unspentAltcha = undefined;
      return tokens;
    } catch (error) {
      const code = error instanceof SignInError ? error.code : undefined;
      const isPowAsked = code === SIGN_IN_CODES.POW_REQUIRED;
      unspentAltcha = !isPowAsked && code === SIGN_IN_CODES.CAPTCHA_REQUIRED ? altcha : undefined;
      if (!isPowAsked || round > 0) throw error;
      onChecking(true);
      try {
        altcha = await solveProofOfWork(language);
      } finally {
        onChecking(false);
      }
    }
  }
}

/** Emails a sign-up code; resolves the seconds until another may be asked for. */
export async function sendRegisterCode(email: string, language: TLanguage): Promise<number> {
  const data = await callApi(SIGN_IN_PATHS.registerCode, language, { email });
  const seconds: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'resendAfterSeconds') : 0;
  return typeof seconds === 'number' ? seconds : 0;
}

export interface TRegisterInput {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Creates the account with the emailed code; resolves the token pair that signs in. */
export async function register(input: TRegisterInput, language: TLanguage): Promise<TTokenPair> {
  return (await callApi(SIGN_IN_PATHS.register, language, { ...input })) as TTokenPair;
}
