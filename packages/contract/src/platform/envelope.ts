import { z } from 'zod';

/**
 * Result codes of the `{code, msg, data}` envelope. Success and warning are
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
  /**
   * This sign-in needs a proof of work first (the account or the address is under attack):
   * solve a challenge from `GET /api/v1/auth/challenge` and send it as `altcha`. Also answered
   * for a wrong, expired or already used solution.
   */
  POW_REQUIRED: 'A0243',
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

  // Business refusals: the request was well formed, but the state of things refuses it. Each
  // has its own code so the client (and a test) can tell them apart without reading `msg`.
  // A value a form field may not take (a duplicate code, a wrong old password) stays A0400 with
  // `data.fields`, so forms put the message on the field.

  /** The record is still used elsewhere (users of a role or department, products of a category). */
  IN_USE: 'A0440',
  /** The record still has children (sub-departments, sub-categories). */
  HAS_CHILDREN: 'A0441',
  /** A built-in record (role ROOT) that cannot be changed or deleted this way. */
  PROTECTED_RECORD: 'A0442',
  /** Operators cannot delete or disable their own account. */
  SELF_ACTION: 'A0443',
  /** A reordering must list every item exactly once; the list changed meanwhile: reload. */
  LIST_MISMATCH: 'A0444',
  /** More rows than one export or import handles; `msg` names the maximum. */
  TOO_MANY_ROWS: 'A0445',
  /** An uploaded file is not the kind the route reads (not an .xlsx, no rows, too large unpacked). */
  FILE_UNREADABLE: 'A0446',
  /** The product is no longer on sale (or not in this shop). */
  NOT_ON_SALE: 'A0610',
  /** Fewer left in stock than asked for; `msg` says how many are left. */
  OUT_OF_STOCK: 'A0611',
  /** This checkout was already placed (the same checkout key). */
  ALREADY_PLACED: 'A0612',
  /** The buyer has not approved the payment yet. */
  PAYMENT_NOT_APPROVED: 'A0620',
  /** The payment provider declined the capture. */
  PAYMENT_DECLINED: 'A0621',
  /** The amount the provider reports is not the order's. */
  PAYMENT_AMOUNT_MISMATCH: 'A0622',
  /** A payment notification (webhook) could not be verified. */
  WEBHOOK_REJECTED: 'A0623',
  /** The shop link (slug) is taken or reserved; `data.fields` names `slug`. */
  SLUG_TAKEN: 'A0630',
  /** The creator already has a shop. */
  SHOP_EXISTS: 'A0631',
  /** An operator suspended the shop: its storefront is unavailable and checkout is refused. */
  SHOP_SUSPENDED: 'A0632',
  /** The shop is already in the state asked for (suspended, or open): another operator got there first. */
  SHOP_STATE_UNCHANGED: 'A0633',
  /** A selling price below the product's cost; `data.fields` names each price. */
  PRICE_BELOW_COST: 'A0640',
  /** Payouts need a PayPal account connected with "Log in with PayPal" (a typed one is not verified). */
  PAYOUT_ACCOUNT_REQUIRED: 'A0650',
  /** A payout is already in flight: wait for it (also refuses changing the account meanwhile). */
  PAYOUT_IN_FLIGHT: 'A0651',
  /** An operator holds this creator's payouts; `msg` gives no internal reason. */
  PAYOUTS_HELD: 'A0652',
  /** Only a returned payout that was not retried before can be retried. */
  PAYOUT_NOT_RETRYABLE: 'A0653',
  /** Some selected orders are no longer unpaid (their buyer paid meanwhile): nothing was charged. */
  ORDERS_NOT_UNPAID: 'A0660',
  /** An order to ship is not paid-and-in-transit (unpaid, already completed, or missing); `data.fields` names each. Nothing was shipped. */
  ORDER_NOT_SHIPPABLE: 'A0670',
  /** An order changed since the operator opened it (its version moved on): reload. Nothing was shipped. */
  ORDER_STALE: 'A0671',
  /** The order has no completed capture to refund (unpaid, or paid another way). */
  ORDER_NOT_REFUNDABLE: 'A0672',
  /**
   * More than what was captured less what was refunded (other refunds included); `msg` says how much is left.
   * A refund by lines asking more units of a line than earlier refunds left names each such line in `data.fields`
   * (`lines.N.quantity`).
   */
  REFUND_TOO_LARGE: 'A0673',
  /** The payment provider refused the refund; nothing was refunded. */
  REFUND_REFUSED: 'A0674',
  /** The order has no open flag to resolve (never flagged, or resolved meanwhile). */
  FLAG_NOT_OPEN: 'A0675',
  /** A request with this `Idempotency-Key` is still running: wait for it, then send it again. */
  IDEMPOTENCY_IN_FLIGHT: 'A0680',
  /** This `Idempotency-Key` was used for a different request (another body or target): make a new key. */
  IDEMPOTENCY_KEY_REUSED: 'A0681',
  /** A review link that is unknown, expired, or whose order was refunded meanwhile. */
  REVIEW_LINK_INVALID: 'A0690',
  /** This order item was already reviewed (one review per order item). */
  ALREADY_REVIEWED: 'A0691',
  /** An order link (the buyer's order page) that does not verify or has expired; nothing is shown. */
  ORDER_LINK_INVALID: 'A0692',
  /**
   * An unpaid order whose payment cannot be resumed: its stock is gone, it is too old, or it has no
   * payment to resume; `data` is `{reason, products}` with each product's link (buy it again).
   */
  ORDER_NOT_RESUMABLE: 'A0695',
  /** An unsubscribe link (marketing mail) that does not verify; nothing changed. */
  UNSUBSCRIBE_LINK_INVALID: 'A0694',
  /**
   * The buyer can no longer cancel the order or change its address: fulfilment started (in
   * production), it shipped, or it was cancelled or refunded meanwhile; `msg` says which.
   */
  ORDER_NOT_CHANGEABLE: 'A0693',
  /** The notice is not in a state that allows this (edit a published one, publish twice, revoke a draft). */
  NOTICE_STATE: 'A0700',
  /**
   * A problem cannot be reported with this order or line now: not shipped, refunded in full or
   * cancelled, or "not received" before the delivery estimate has passed; `msg` says which.
   */
  CASE_NOT_OPENABLE: 'A0710',
  /** This order line already has an open case: follow it on the order page (one at a time). */
  CASE_ALREADY_OPEN: 'A0711',
  /** The case is not in a state that allows this (resolved meanwhile, or not waiting for the buyer). */
  CASE_STATE: 'A0712',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export const ERROR_CODES = Object.values(ErrorCode) as TErrorCode[];

/**
 * The HTTP status of each code: the one place it is decided (the server's `AppError.of` reads
 * it). 409 means "the state of things refuses it", not "the request is malformed".
 */
export const ERROR_HTTP_STATUS = {
  [ErrorCode.ACCESS_TOKEN_INVALID]: 401,
  [ErrorCode.REFRESH_TOKEN_INVALID]: 401,
  [ErrorCode.BAD_CREDENTIALS]: 400,
  [ErrorCode.ACCOUNT_DISABLED]: 403,
  [ErrorCode.CAPTCHA_REQUIRED]: 400,
  [ErrorCode.POW_REQUIRED]: 400,
  [ErrorCode.CAPTCHA_INVALID]: 400,
  [ErrorCode.CODE_INVALID]: 400,
  [ErrorCode.CODE_TOO_SOON]: 429,
  [ErrorCode.OAUTH_FAILED]: 400,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.VALIDATION_FAILED]: 400,
  [ErrorCode.MALFORMED_BODY]: 400,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.ROUTE_NOT_FOUND]: 404,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.IN_USE]: 409,
  [ErrorCode.HAS_CHILDREN]: 409,
  [ErrorCode.PROTECTED_RECORD]: 409,
  [ErrorCode.SELF_ACTION]: 409,
  [ErrorCode.LIST_MISMATCH]: 409,
  [ErrorCode.TOO_MANY_ROWS]: 400,
  [ErrorCode.FILE_UNREADABLE]: 400,
  [ErrorCode.NOT_ON_SALE]: 409,
  [ErrorCode.OUT_OF_STOCK]: 409,
  [ErrorCode.ALREADY_PLACED]: 409,
  [ErrorCode.PAYMENT_NOT_APPROVED]: 409,
  [ErrorCode.PAYMENT_DECLINED]: 409,
  [ErrorCode.PAYMENT_AMOUNT_MISMATCH]: 409,
  [ErrorCode.WEBHOOK_REJECTED]: 400,
  [ErrorCode.SLUG_TAKEN]: 409,
  [ErrorCode.SHOP_EXISTS]: 409,
  [ErrorCode.SHOP_SUSPENDED]: 409,
  [ErrorCode.SHOP_STATE_UNCHANGED]: 409,
  [ErrorCode.PRICE_BELOW_COST]: 400,
  [ErrorCode.PAYOUT_ACCOUNT_REQUIRED]: 409,
  [ErrorCode.PAYOUT_IN_FLIGHT]: 409,
  [ErrorCode.PAYOUTS_HELD]: 409,
  [ErrorCode.PAYOUT_NOT_RETRYABLE]: 409,
  [ErrorCode.ORDERS_NOT_UNPAID]: 409,
  [ErrorCode.ORDER_NOT_SHIPPABLE]: 409,
  [ErrorCode.ORDER_STALE]: 409,
  [ErrorCode.ORDER_NOT_REFUNDABLE]: 409,
  [ErrorCode.REFUND_TOO_LARGE]: 409,
  [ErrorCode.REFUND_REFUSED]: 409,
  [ErrorCode.FLAG_NOT_OPEN]: 409,
  [ErrorCode.IDEMPOTENCY_IN_FLIGHT]: 409,
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: 422,
  [ErrorCode.REVIEW_LINK_INVALID]: 404,
  [ErrorCode.ALREADY_REVIEWED]: 409,
  [ErrorCode.ORDER_LINK_INVALID]: 404,
  [ErrorCode.ORDER_NOT_RESUMABLE]: 409,
  [ErrorCode.UNSUBSCRIBE_LINK_INVALID]: 404,
  [ErrorCode.ORDER_NOT_CHANGEABLE]: 409,
  [ErrorCode.NOTICE_STATE]: 409,
  [ErrorCode.CASE_NOT_OPENABLE]: 409,
  [ErrorCode.CASE_ALREADY_OPEN]: 409,
  [ErrorCode.CASE_STATE]: 409,
} as const satisfies Record<TErrorCode, number>;

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
