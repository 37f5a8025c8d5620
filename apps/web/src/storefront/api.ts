import type {
  TCaptureRequest,
  TCheckoutAnswer,
  TCheckoutQuote,
  TShippingZoneInfo,
  TCheckoutQuoteRequest,
  TCheckoutRequest,
  TOrderReceipt,
  TPublicInfoPage,
  TSandboxApproval,
  TStorefrontPage,
  TStorefrontProductDetail,
  TStorefrontProductPage,
  TStorefrontReviewPage,
} from '@linkstore/contract';

/**
 * The storefront's calls. Paths are the contract's (`storefrontRoutes`, `checkoutRoutes`; a test
 * checks they match) but written out here: the route tables carry zod schemas, and the shop page
 * must not download zod (decision 0021). The server validates every request anyway.
 */

/**
 * An answer that is not a success: the envelope's code and the server's translated message, and
 * for a refused form (A0400) each field's message (`data.fields`), so the form shows it there.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: readonly { field: string; message: string }[] = [],
    /** The refusal's `data` as sent (a few codes carry a small object, e.g. the products to order again). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * The contract's `ErrorCode.SHOP_SUSPENDED` (written out: the contract's envelope module carries
 * zod; a test checks they match): an operator suspended the shop, so it is unavailable for now.
 */
export const SHOP_SUSPENDED = 'A0632';

/** The contract's `ErrorCode.NOT_FOUND` (written out for the same reason; a test checks it). */
export const NOT_FOUND = 'A0404';

/** The code for a request that got no answer (offline, timed out). */
export const NETWORK_ERROR = 'network';
const TIMEOUT_MS = 15_000;

let language = 'en';
/** The `lang` header every call sends, as the studio's client does: server messages follow it. */
export function setApiLanguage(value: string): void {
  language = value;
}

/**
 * `idempotencyKey`: sent as `Idempotency-Key` on the calls that move money (decision 0028), one
 * per buyer action and the same for every retry of it.
 */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        lang: language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, '');
  }
  const envelope = (await response.json().catch(() => null)) as {
    code?: unknown;
    msg?: unknown;
    data?: T;
  } | null;
  if (response.ok && envelope && String(envelope.code) === '1') return envelope.data as T;
  const code =
    typeof envelope?.code === 'string' || typeof envelope?.code === 'number'
      ? envelope.code
      : response.status;
  const fields = (envelope?.data as { fields?: unknown } | null | undefined)?.fields;
  throw new ApiError(
    String(code),
    typeof envelope?.msg === 'string' ? envelope.msg : '',
    Array.isArray(fields) ? (fields as ApiError['fields']) : [],
    envelope?.data ?? null,
  );
}

const shopPath = (slug: string) => `/api/v1/public/shops/${encodeURIComponent(slug)}`;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const storefrontApi = {
  page: (slug: string) => call<TStorefrontPage>('GET', `${shopPath(slug)}/page`),
  products: (
    slug: string,
    query: { pageNum: number; pageSize: number; categoryId?: string; keywords?: string },
  ) => call<TStorefrontProductPage>('GET', withQuery(`${shopPath(slug)}/products`, query)),
  product: (slug: string, id: string) =>
    call<TStorefrontProductDetail>('GET', `${shopPath(slug)}/products/${id}`),
  reviews: (slug: string, id: string, query: { pageNum: number; pageSize: number }) =>
    call<TStorefrontReviewPage>('GET', withQuery(`${shopPath(slug)}/products/${id}/reviews`, query)),
};

/** The platform's information pages (`infoPagesRoutes.public`), in the `lang` header's language. */
export const infoPagesApi = {
  page: (page: string) =>
    call<TPublicInfoPage>('GET', `/api/v1/public/info-pages/${encodeURIComponent(page)}`),
  /** Where the platform ships and how: the "Shipping" page's table. */
  shippingZones: () => call<TShippingZoneInfo[]>('GET', '/api/v1/public/shipping/zones'),
};

export const EVENTS_PATH = '/api/v1/public/events';

export const checkoutApi = {
  /** The checkout attempt's key (`checkoutKey`) doubles as its Idempotency-Key. */
  /** What the cart costs shipped there: methods, tax, totals (the checkout charges the same). */
  quote: (request: TCheckoutQuoteRequest) =>
    call<TCheckoutQuote>('POST', '/api/v1/public/checkout/quote', request),
  checkout: (request: TCheckoutRequest) =>
    call<TCheckoutAnswer>('POST', '/api/v1/public/checkout', request, request.checkoutKey),
  capture: (request: TCaptureRequest, idempotencyKey: string) =>
    call<TOrderReceipt>('POST', '/api/v1/public/checkout/capture', request, idempotencyKey),
  receipt: (request: TCaptureRequest) =>
    call<TOrderReceipt>('GET', withQuery('/api/v1/public/orders/receipt', request)),
  sandboxApproval: (token: string) =>
    call<TSandboxApproval>('GET', `/api/v1/public/sandbox/orders/${encodeURIComponent(token)}`),
  sandboxApprove: (token: string) =>
    call<{ redirectTo: string }>(
      'POST',
      `/api/v1/public/sandbox/orders/${encodeURIComponent(token)}/approve`,
      {},
    ),
};
