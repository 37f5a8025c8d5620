import {
  decimalToMinor as parseDecimalMinor,
  minorDigitsOf,
  minorToDecimal as minorToDecimalText,
  type TLanguage,
} from '@linkstore/contract';
/**
 * The small surface the order flow needs from a payment provider (decision 0018): create an order
 * the buyer approves at `approveUrl`, read it back, capture it, and verify a webhook. Money is
 * always an integer count of the currency's minor units; only adapters see decimal strings.
 */

/** An amount in integer minor units (cents for USD, yen for JPY, fils for KWD). */
export interface Money {
  /** ISO 4217 code, upper case. */
  currencyCode: string;
  valueMinor: number;
}

export interface CreateOrderInput {
  /** Idempotency key: the same id always yields the same provider order. */
  requestId: string;
  amount: Money;
  returnUrl: string;
  cancelUrl: string;
  /** Our own reference (the order number), echoed back by the provider. */
  reference: string;
  /**
   * The buyer's language: the sandbox's approval page speaks it. PayPal is not told: it picks
   * its pages' language from the buyer's account and country, and refuses locales it lacks.
   */
  language: TLanguage;
  /**
   * What the buyer buys, line by line, and what the amount is made of: PayPal shows both to the
   * buyer and keeps them for a dispute. Given together; the amount must equal the breakdown's sum
   * and the item total the lines' (PayPal refuses the order otherwise, see `breakdownProblem`).
   */
  lines?: { items: OrderLine[]; breakdown: AmountBreakdown };
  /**
   * Where the goods go. PayPal shows it and the buyer cannot change it (`SET_PROVIDED_ADDRESS`);
   * Seller Protection covers an "item not received" claim only for an order shipped there.
   */
  shipTo?: ShipTo;
}

/** One line of an order as the provider shows it: its unit amount times its quantity. */
export interface OrderLine {
  name: string;
  sku: string;
  /** The variant bought ("M / Black"), or ''. */
  description: string;
  quantity: number;
  unitAmount: Money;
}

/** What an amount is made of: items + shipping + tax − discount (all in the amount's currency). */
export interface AmountBreakdown {
  itemTotal: Money;
  shipping: Money;
  taxTotal: Money;
  discount: Money;
}

/** A postal address to ship to, with the recipient's name. */
export interface ShipTo {
  fullName: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  region?: string | undefined;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
}

/**
 * Why PayPal would refuse this amount with these lines, by its own issue names, or undefined when
 * it adds up: the item total is Σ unit amount × quantity (ITEM_TOTAL_MISMATCH), the amount is
 * item total + shipping + tax − discount (AMOUNT_MISMATCH), one currency throughout
 * (CURRENCY_MISMATCH). Every adapter checks it before asking its provider.
 */
export function breakdownProblem(
  amount: Money,
  lines: NonNullable<CreateOrderInput['lines']>,
): 'ITEM_TOTAL_MISMATCH' | 'AMOUNT_MISMATCH' | 'CURRENCY_MISMATCH' | undefined {
  const { itemTotal, shipping, taxTotal, discount } = lines.breakdown;
  const moneys = [itemTotal, shipping, taxTotal, discount, ...lines.items.map((item) => item.unitAmount)];
  if (moneys.some((money) => money.currencyCode !== amount.currencyCode)) return 'CURRENCY_MISMATCH';
  const items = lines.items.reduce((sum, item) => sum + item.unitAmount.valueMinor * item.quantity, 0);
  if (items !== itemTotal.valueMinor) return 'ITEM_TOTAL_MISMATCH';
  const sum = itemTotal.valueMinor + shipping.valueMinor + taxTotal.valueMinor - discount.valueMinor;
  if (sum !== amount.valueMinor) return 'AMOUNT_MISMATCH';
  return undefined;
}

export interface CreatedOrder {
  providerOrderId: string;
  /** Where the buyer goes to approve the payment. */
  approveUrl: string;
}

/** Order statuses as PayPal Orders v2 names them. */
export type ProviderOrderStatus =
  'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export interface ProviderOrder {
  providerOrderId: string;
  status: ProviderOrderStatus;
  amount: Money;
  reference: string | undefined;
  /** The order's capture once it has one (whoever captured it). */
  capture?: CaptureResult | undefined;
}

export interface CaptureOrderInput {
  providerOrderId: string;
  /** Idempotency key: retrying with the same id never captures twice. */
  requestId: string;
}

/** The capture's own status: only COMPLETED means the money moved. */
export type CaptureStatus =
  'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'FAILED';

export interface CaptureResult {
  status: CaptureStatus;
  captureId: string;
  capturedMinor: number;
  currencyCode: string;
}

export interface WebhookInput {
  /** Request headers, names in lower case (as node:http gives them). */
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: verification is over these bytes. */
  rawBody: string;
}

export interface WebhookEvent {
  id: string;
  eventType: string;
  resource: unknown;
}

export interface WebhookVerification {
  verified: boolean;
  /** Present only when verified. */
  event?: WebhookEvent;
}

/** A shipment's tracking, told to the provider for the order's capture (Seller Protection). */
export interface TrackingInput {
  providerOrderId: string;
  captureId: string;
  trackingNumber: string;
  /** The carrier as PayPal names it (`USPS`, `ROYAL_MAIL`…), or `OTHER` with `carrierNameOther`. */
  carrier: string;
  carrierNameOther?: string | undefined;
  /** Idempotency key: the same id never adds the tracking twice. */
  requestId: string;
}

export interface PaymentProvider {
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Tells the provider the shipment's carrier and tracking number. */
  addTracking(input: TrackingInput): Promise<void>;
  getOrder(providerOrderId: string): Promise<ProviderOrder>;
  captureOrder(input: CaptureOrderInput): Promise<CaptureResult>;
  verifyWebhook(input: WebhookInput): Promise<WebhookVerification>;
  /** Gives part or all of a capture back to the buyer (PayPal Payments v2 captures/{id}/refund). */
  refundCapture(input: RefundInput): Promise<ProviderRefund>;
}

// ── Refunds: money from a capture back to the buyer ─────────────────────────────────────────────

export interface RefundInput {
  captureId: string;
  amount: Money;
  /** Our refund's request id (PayPal-Request-Id): the same id never refunds twice. */
  requestId: string;
  /** Our refund's id, echoed back by the provider (and in its webhooks) as `custom_id`. */
  customId: string;
  /** Shown to the buyer with the refund. */
  note: string;
}

/** A refund as the provider reports it (its answer, or a webhook's resource). */
export interface ProviderRefund {
  providerRefundId: string;
  /** COMPLETED, PENDING, FAILED, CANCELLED (PayPal's refund statuses). */
  status: string;
  amount: Money;
  /** Our refund id when we made it; absent for a refund made at PayPal, a dispute, a chargeback. */
  customId: string | undefined;
  /** The refunded capture, when the provider says (a webhook's `up` link). */
  captureId: string | undefined;
}

/** A provider call that failed; `retryable` says whether the same request may be sent again. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** The provider's error name, e.g. `UNPROCESSABLE_ENTITY`, or `TIMEOUT`/`NETWORK`. */
    readonly code: string,
    readonly retryable: boolean,
    /** The provider's `details[].issue` values, e.g. `ORDER_NOT_APPROVED`. */
    readonly issues: string[] = [],
    /** The provider's HATEOAS links on the error (a duplicate payout batch links to the original). */
    readonly links: { href: string; rel: string }[] = [],
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

// ── Payouts: money from the platform's PayPal balance to a creator's account ─────────────────────

/**
 * A payout item's status as PayPal names it (`transaction_status`): SUCCESS; PENDING, ONHOLD, NEW
 * (still moving); FAILED, RETURNED, UNCLAIMED, BLOCKED, REFUNDED, REVERSED, DENIED, CANCELED (the
 * money came back to the sender).
 */
export type PayoutItemStatus = string;

export interface SendPayoutInput {
  /** Our id for the batch (also sent as PayPal-Request-Id): PayPal pays one batch per id. */
  senderBatchId: string;
  amount: Money;
  /** The verified account: its payer id when known (recipient PAYPAL_ID), else its email. */
  receiver: { payerId: string | null; email: string };
  note: string;
}

/** A payout batch of one item, as the provider last told it. */
export interface PayoutBatch {
  payoutBatchId: string;
  /** DENIED, PENDING, PROCESSING, SUCCESS, CANCELED. */
  batchStatus: string;
  senderBatchId: string | undefined;
  item: PayoutItem | undefined;
}

export interface PayoutItem {
  payoutItemId: string;
  payoutBatchId: string | undefined;
  transactionStatus: PayoutItemStatus;
  /** Why it failed or came back (e.g. RECEIVER_UNREGISTERED), when the provider said. */
  errorName: string | undefined;
}

/** The Payouts part of a provider (PayPal Payouts v1, or the sandbox's imitation). */
export interface PayoutProvider {
  sendPayout(input: SendPayoutInput): Promise<PayoutBatch>;
  getPayoutBatch(payoutBatchId: string): Promise<PayoutBatch>;
  getPayoutItem(payoutItemId: string): Promise<PayoutItem>;
}

/**
 * Minor digits come from the contract's one table (ISO 4217). PayPal takes these currencies in
 * whole units although ISO 4217 counts them in hundredths: an amount must be whole and is sent
 * without decimals ("1500", not "1500.00").
 */
const WHOLE_UNITS_AT_PAYPAL = new Set(['HUF', 'TWD']);

/**
 * 1999 USD → "19.99", 500 JPY → "500", 1500 KWD → "1.500", 150000 HUF → "1500"; integer and
 * string math only.
 */
export function minorToDecimal(money: Money): string {
  const { valueMinor } = money;
  if (!Number.isSafeInteger(valueMinor) || valueMinor < 0) {
    throw new RangeError(`Amount must be a non-negative safe integer, got ${valueMinor}`);
  }
  const code = money.currencyCode.toUpperCase();
  const digits = minorDigitsOf(code);
  if (WHOLE_UNITS_AT_PAYPAL.has(code)) {
    const unit = 10 ** digits;
    if (valueMinor % unit !== 0)
      throw new RangeError(`${code} is paid in whole units, got ${valueMinor} minor`);
    return String(valueMinor / unit);
  }
  return minorToDecimalText(valueMinor, digits);
}

/** "19.99" USD → 1999, "500" JPY → 500, "1.5" KWD → 1500; refuses more digits than the currency has. */
export function decimalToMinor(value: string, currencyCode: string): number {
  const minor = parseDecimalMinor(value, minorDigitsOf(currencyCode));
  if (minor === null) throw new RangeError(`Not an amount in ${currencyCode}: "${value}"`);
  return minor;
}
