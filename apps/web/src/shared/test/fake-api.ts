import type { TCountry, TDictList } from '@linkstore/contract';

export interface TFakeRequest {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  /** Parsed JSON, the FormData itself, or undefined. */
  body: unknown;
}

export interface TFakeAnswer {
  status?: number;
  body: unknown;
}

export type TFakeHandler = (request: TFakeRequest) => TFakeAnswer | Promise<TFakeAnswer>;

export const ok = (data: unknown): TFakeAnswer => ({ body: { code: 1, msg: '', data } });
export const fail = (code: string, msg: string, data: unknown = null, status = 400): TFakeAnswer => ({
  status,
  body: { code, msg, data },
});

export const US: TCountry = {
  id: 'US',
  code: 'US',
  name: 'United States',
  currency: 'United States dollar',
  currency_jc: 'USD',
  currency_symbol: '$',
  currency_minor_digits: 2,
  rate_per_usd_micros: 1_000_000,
};
export const ES: TCountry = {
  id: 'ES',
  code: 'ES',
  name: 'Spain',
  currency: 'Euro',
  currency_jc: 'EUR',
  currency_symbol: '€',
  currency_minor_digits: 2,
  rate_per_usd_micros: 920_000,
};
export const FR: TCountry = { ...ES, id: 'FR', code: 'FR', name: 'France' };

/** Part of the seeded dictionaries, as `GET /api/v1/dict/list` answers in English. */
export const DICTIONARIES: TDictList = [
  {
    name: 'Gender',
    dictCode: 'gender',
    dictDataList: [
      { value: '1', label: 'Male', tagType: 'primary' },
      { value: '2', label: 'Female', tagType: 'danger' },
      { value: '0', label: 'Prefer not to say', tagType: 'info' },
    ],
  },
  {
    name: 'Notice level',
    dictCode: 'notice_level',
    dictDataList: [
      { value: 'L', label: 'Low', tagType: 'info' },
      { value: 'M', label: 'Medium', tagType: 'warning' },
      { value: 'H', label: 'High', tagType: 'danger' },
    ],
  },
];

export const CAPTCHA_IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

/** What the public start-up calls answer unless a test says otherwise. */
export function defaultHandlers(): Record<string, TFakeHandler> {
  let captchas = 0;
  return {
    'GET /api/v1/auth/captcha': () => {
      captchas += 1;
      return ok({ captchaKey: `key-${captchas}`, captchaBase64: `${CAPTCHA_IMAGE}#${captchas}` });
    },
    'GET /api/v1/auth/oauth/providers': () => ok({ google: true, facebook: true }),
    'POST /api/getCountry': () => ok({ info: { default: [US], list: [US, ES, FR] } }),
    'GET /api/v1/users/me': () =>
      ok({
        userId: '7',
        username: null,
        nickname: 'Ana',
        email: 'ana@example.com',
        avatar: null,
        countryId: 'US',
        timeZone: null,
        roles: ['BLOGGER'],
        perms: [],
      }),
    'POST /api/businessGetInfo': () =>
      ok({
        info: {
          email: 'ana@example.com',
          subdomainurl: 'ana',
          image_url: '/shop/ana.png',
          nickname: 'Ana',
          country_id: 'US',
        },
      }),
    'DELETE /api/v1/auth/logout': () => ok(null),
    'GET /api/v1/dict/list': () => ok(DICTIONARIES),
  };
}

/**
 * A fake server behind `fetch`: answers by "METHOD /path", records every request. Unknown
 * routes answer C0113 with 404, like the real server.
 */
export function createFakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const routes: Record<string, TFakeHandler> = { ...defaultHandlers(), ...handlers };
  const requests: TFakeRequest[] = [];

  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body) as unknown;
    const request: TFakeRequest = {
      method,
      path: url.pathname,
      url,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body,
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler ? await handler(request) : fail('C0113', 'Not found', null, 404);
    return Response.json(answer.body, { status: answer.status ?? 200 });
  };

  return {
    fetch: fetchFn,
    requests,
    /** Requests to one "METHOD /path". */
    callsTo: (route: string) => requests.filter((request) => `${request.method} ${request.path}` === route),
    on(route: string, handler: TFakeHandler) {
      routes[route] = handler;
    },
  };
}
