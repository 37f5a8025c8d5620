import {
  ErrorCode,
  RESULT_SUCCESS,
  RESULT_WARNING,
  ZFieldErrors,
  type THttpMethod,
} from '@linkstore/contract';
import { toFormData } from './form-data';
import { ClientErrorCode, HttpError, isHttpError } from './http-error';
import { serializeQuery, type TParams } from './query-string';

export interface TRequestOptions {
  method?: THttpMethod;
  /** Query for GET/DELETE/PATCH-less reads; JSON body for POST/PUT/PATCH; fields in form-data mode. */
  params?: TParams | undefined;
  /** Multipart body; GET and DELETE are sent as POST. */
  isFormData?: boolean;
  /** False for calls that must not carry the access token (token refresh, sign-in). */
  isAuthenticated?: boolean;
  /**
   * The caller shows failures itself (forms, logout): no notification, and an invalid access
   * token neither renews nor ends the session. The call still rejects with the HttpError.
   */
  isQuiet?: boolean;
  signal?: AbortSignal | undefined;
  /**
   * `blob`: a file download. A successful answer that is not JSON resolves as `TDownload`;
   * a JSON answer (an error envelope) is handled like any other call.
   */
  responseType?: 'json' | 'blob';
  /**
   * Sent as `Idempotency-Key` (decision 0028): one key per user action on a route that moves
   * money, the same for every retry of that action.
   */
  idempotencyKey?: string | undefined;
}

/** A downloaded file: its content and the name the server gave it (Content-Disposition). */
export interface TDownload {
  blob: Blob;
  filename: string;
}

/** `attachment; filename="users.xlsx"` (or RFC 5987 `filename*=UTF-8''…`) → the name. */
export function filenameOf(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallback;
}

/** Internal: the one replay after a silent token refresh. */
interface TInternalOptions extends TRequestOptions {
  isReplay?: boolean;
}

export interface THttpClientDeps {
  fetch: typeof fetch;
  timeoutMs: number;
  getBaseUrl: () => string;
  getLanguage: () => string;
  getCurrencyHeader: () => string;
  getAuthorization: () => string;
  translate: (key: string) => string;
  notifyWarning: (title: string, text: string) => void;
  notifyError: (title: string, text: string) => void;
  /**
   * Access token rejected (code 1002) for a call sent with `authorization`: renew the session
   * silently (one refresh shared by every failing call, quiet ones included). True → the call
   * is replayed once;
   * false → the sign-in has ended; a rejection → the refresh got no answer (the session is kept,
   * the call fails with the refresh's error).
   */
  renewAccess: (authorization: string) => Promise<boolean>;
  /**
   * The access token is invalid and cannot be renewed: drop the session, tell, go to /login.
   * `sentWith`: the authorization the call was sent with ('' for none), so the answer of a call
   * from a session that has already ended can be told apart.
   */
  onSessionExpired: (message: string, sentWith: string) => void;
}

export const HttpMessageKey = {
  warningTitle: 'http.notice.warningTitle',
  warningDefault: 'http.notice.warningDefault',
  errorTitle: 'http.notice.errorTitle',
  errorDefault: 'http.notice.errorDefault',
  genericError: 'http.error.generic',
  network: 'http.error.network',
  timeout: 'http.error.timeout',
  aborted: 'http.error.aborted',
  badResponse: 'http.error.badResponse',
} as const;

const BODY_METHODS: ReadonlySet<THttpMethod> = new Set(['POST', 'PUT', 'PATCH']);

interface TLooseEnvelope {
  code: string;
  msg: string;
  data: unknown;
}

function readEnvelope(body: unknown): TLooseEnvelope | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const { code, msg, data } = body as { code: unknown; msg?: unknown; data?: unknown };
  if (typeof code !== 'number' && typeof code !== 'string') return undefined;
  return { code: String(code), msg: typeof msg === 'string' ? msg : '', data };
}

export function withLeadingSlash(url: string): string {
  return url.startsWith('/') ? url : `/${url}`;
}

export type THttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(deps: THttpClientDeps) {
  const fail = (code: string, key: string, isShown: boolean, status?: number): never => {
    const msg = deps.translate(key);
    if (isShown) deps.notifyError(deps.translate(HttpMessageKey.errorTitle), msg);
    throw new HttpError({ code, msg, status });
  };

  async function send(
    url: string,
    init: RequestInit,
    callerSignal: AbortSignal | undefined,
    isQuiet: boolean,
    isBlob = false,
  ) {
    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort);
    try {
      const response = await deps.fetch(url, { ...init, signal: controller.signal });
      const isFile = isBlob && response.ok && !/json/i.test(response.headers.get('content-type') ?? '');
      if (isFile) return { response, text: '', blob: await response.blob() };
      const text = await response.text();
      return { response, text, blob: undefined };
    } catch {
      if (isTimedOut) return fail(ClientErrorCode.timeout, HttpMessageKey.timeout, !isQuiet);
      if (controller.signal.aborted) return fail(ClientErrorCode.aborted, HttpMessageKey.aborted, false);
      return fail(ClientErrorCode.network, HttpMessageKey.network, !isQuiet);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /**
   * Sends a call and resolves the envelope's `data` on success or warning; 1002 first tries one
   * refresh; any other code rejects (codes: decision 0004).
   */
  async function request(rawUrl: string, options: TInternalOptions = {}): Promise<unknown> {
    const path = withLeadingSlash(rawUrl);
    const isFormData = options.isFormData ?? false;
    const isQuiet = options.isQuiet ?? false;
    let method: THttpMethod = options.method ?? 'GET';
    if (isFormData && (method === 'GET' || method === 'DELETE')) method = 'POST';

    const isBlob = options.responseType === 'blob';
    const headers: Record<string, string> = {
      Accept: isBlob ? '*/*' : 'application/json',
      lang: deps.getLanguage(),
      currencyjc: deps.getCurrencyHeader(),
    };
    const authorization = deps.getAuthorization();
    if ((options.isAuthenticated ?? true) && authorization) headers.Authorization = authorization;
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

    let url = `${deps.getBaseUrl()}${path}`;
    let body: BodyInit | undefined;
    if (isFormData) {
      body = toFormData(options.params);
    } else if (BODY_METHODS.has(method)) {
      if (options.params !== undefined) {
        headers['Content-Type'] = 'application/json;charset=UTF-8';
        body = JSON.stringify(options.params);
      }
    } else {
      const query = serializeQuery(options.params);
      if (query) url += `${url.includes('?') ? '&' : '?'}${query}`;
    }

    const { response, text, blob } = await send(
      url,
      { method, headers, body },
      options.signal,
      isQuiet,
      isBlob,
    );
    if (blob) {
      const download: TDownload = { blob, filename: filenameOf(response.headers.get('content-disposition')) };
      return download;
    }

    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }

    const envelope = readEnvelope(parsed);
    if (!envelope) {
      return fail(ClientErrorCode.badResponse, HttpMessageKey.badResponse, !isQuiet, response.status);
    }
    const { code, msg, data } = envelope;
    if (code === String(RESULT_SUCCESS)) return data;
    if (code === String(RESULT_WARNING) && !isQuiet) {
      deps.notifyWarning(
        deps.translate(HttpMessageKey.warningTitle),
        msg || deps.translate(HttpMessageKey.warningDefault),
      );
      return data;
    }
    if (code === ErrorCode.REFRESH_TOKEN_INVALID) {
      throw new HttpError({
        code,
        msg: msg || deps.translate(HttpMessageKey.genericError),
        status: response.status,
      });
    }
    if (code === String(RESULT_WARNING)) return data;
    const message = msg || deps.translate(HttpMessageKey.errorDefault);
    if (code === ErrorCode.ACCESS_TOKEN_INVALID) {
      // Renewed and replayed for every call sent with a token, a quiet one too: a page that tells
      // its own failures would otherwise take a token that just expired for a refusal (a save
      // answered "your session has expired" while the session was fine).
      const sent = headers.Authorization ?? '';
      let renewed = false;
      if (!options.isReplay && sent) {
        try {
          renewed = await deps.renewAccess(sent);
        } catch (error) {
          // The refresh got no answer: the session stays, and this call fails as the refresh did.
          if (!isHttpError(error)) return fail(ClientErrorCode.network, HttpMessageKey.network, !isQuiet);
          if (!isQuiet && error.code !== ClientErrorCode.aborted)
            deps.notifyError(deps.translate(HttpMessageKey.errorTitle), error.msg);
          throw error;
        }
      }
      if (renewed) return request(rawUrl, { ...options, isReplay: true });
      // A quiet call leaves ending the session to its caller (see callRouteQuietly).
      if (!isQuiet) deps.onSessionExpired(message, sent);
      throw new HttpError({ code, msg: message, status: response.status });
    }
    if (!isQuiet) deps.notifyError(deps.translate(HttpMessageKey.errorTitle), message);
    const fieldErrors = ZFieldErrors.safeParse(data);
    throw new HttpError({
      code,
      msg: message,
      data: fieldErrors.success ? fieldErrors.data : undefined,
      status: response.status,
    });
  }

  return {
    request,
    get: (url: string, params?: TParams, options?: Omit<TRequestOptions, 'method' | 'params'>) =>
      request(url, { ...options, method: 'GET', params }),
    post: (url: string, params?: TParams, options?: Omit<TRequestOptions, 'method' | 'params'>) =>
      request(url, { ...options, method: 'POST', params }),
    put: (url: string, params?: TParams, options?: Omit<TRequestOptions, 'method' | 'params'>) =>
      request(url, { ...options, method: 'PUT', params }),
    delete: (url: string, params?: TParams, options?: Omit<TRequestOptions, 'method' | 'params'>) =>
      request(url, { ...options, method: 'DELETE', params }),
    /** Absolute URL of an API path, for links the browser follows itself (OAuth sign-in). */
    resolveUrl: (url: string) => `${deps.getBaseUrl()}${withLeadingSlash(url)}`,
  };
}
