import {
  decimalToMinor,
  minorToDecimal,
  PaymentProviderError,
  type AmountBreakdown,
  breakdownProblem,
  type CaptureOrderInput,
  type CaptureResult,
  type CaptureStatus,
  type CreatedOrder,
  type CreateOrderInput,
  type Money,
  type OrderLine,
  type PaymentProvider,
  type PayoutBatch,
  type ProviderRefund,
  type RefundInput,
  type PayoutItem,
  type PayoutProvider,
  type SendPayoutInput,
  type ShipTo,
  type TrackingInput,
  type ProviderOrder,
  type ProviderOrderStatus,
  type WebhookEvent,
  type WebhookInput,
  type WebhookVerification,
} from './payment-provider';

export interface PayPalOptions {
  /** `https://api-m.paypal.com`, `https://api-m.sandbox.paypal.com`, or a local stand-in. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook subscription; verification is bound to it. */
  webhookId: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts for requests that are safe to repeat. */
  retries?: number;
  /** Pause before retry n is n × this. */
  retryDelayMs?: number;
  now?: () => number;
}

/** Refresh the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface PayPalAmount {
  currency_code: string;
  value: string;
}

interface PayPalOrderBody {
  id: string;
  status: ProviderOrderStatus;
  links?: { href: string; rel: string }[];
  purchase_units?: {
    reference_id?: string;
    amount?: PayPalAmount;
    payments?: { captures?: { id: string; status: CaptureStatus; amount: PayPalAmount }[] };
  }[];
}

interface CallOptions {
  body?: unknown;
  /** Sent as `PayPal-Request-Id`: PayPal replays the first result for a repeated id. */
  requestId?: string;
}

/**
 * PayPal Orders v2 on plain `fetch` (decision 0018): the base URL is configuration, so tests and
 * the offline mode point it at a local stand-in. Writes are retried only with a PayPal-Request-Id,
 * which makes PayPal return the first attempt's result instead of acting twice.
 */
export class PayPalProvider implements PaymentProvider, PayoutProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(private readonly options: PayPalOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    const problem = input.lines && breakdownProblem(input.amount, input.lines);
    if (problem)
      throw new PaymentProviderError('The order does not add up', undefined, 'UNPROCESSABLE_ENTITY', false, [
        problem,
      ]);
    const order = await this.call<PayPalOrderBody>('POST', '/v2/checkout/orders', {
      requestId: input.requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.reference,
            amount: {
              currency_code: input.amount.currencyCode,
              value: minorToDecimal(input.amount),
              ...(input.lines && { breakdown: breakdownBody(input.lines.breakdown) }),
            },
            ...(input.lines && { items: input.lines.items.map(itemBody) }),
            ...(input.shipTo && { shipping: shippingBody(input.shipTo) }),
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: input.shipTo ? 'SET_PROVIDED_ADDRESS' : 'NO_SHIPPING',
            },
          },
        },
      },
    });
    // With payment_source PayPal names the approval link `payer-action`; older flows say `approve`.
    const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!link)
      throw new PaymentProviderError('PayPal returned no approval link', 200, 'NO_APPROVE_LINK', false);
    return { providerOrderId: order.id, approveUrl: link.href };
  }

  async addTracking(input: TrackingInput): Promise<void> {
    await this.call<unknown>(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(input.providerOrderId)}/track`,
      {
        requestId: input.requestId,
        body: {
          capture_id: input.captureId,
          tracking_number: input.trackingNumber,
          carrier: input.carrier,
          ...(input.carrierNameOther && { carrier_name_other: input.carrierNameOther }),
          // The buyer has our own mail with the tracking link (orders, "your order is on its way").
          notify_payer: false,
        },
      },
    );
  }

  async getOrder(providerOrderId: string): Promise<ProviderOrder> {
    const order = await this.call<PayPalOrderBody>(
      'GET',
      `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`,
    );
    const unit = order.purchase_units?.[0];
    if (!unit?.amount) throw new PaymentProviderError('PayPal order has no amount', 200, 'MALFORMED', false);
    return {
      providerOrderId: order.id,
      status: order.status,
      amount: {
        currencyCode: unit.amount.currency_code,
        valueMinor: decimalToMinor(unit.amount.value, unit.amount.currency_code),
      },
      reference: unit.reference_id,
      capture: captureOf(unit.payments?.captures?.[0]),
    };
  }

  async captureOrder(input: CaptureOrderInput): Promise<CaptureResult> {
    const order = await this.call<PayPalOrderBody>(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(input.providerOrderId)}/capture`,
      { requestId: input.requestId, body: {} },
    );
    const capture = captureOf(order.purchase_units?.[0]?.payments?.captures?.[0]);
    if (!capture)
      throw new PaymentProviderError('PayPal capture response has no capture', 200, 'MALFORMED', false);
    return capture;
  }

  /**
   * Payments v2: refunds part of a capture. PayPal-Request-Id is our refund's request id, stored
   * before the call, so a retry (here, by the follow-up job, after a crash) answers the first refund.
   */
  async refundCapture(input: RefundInput): Promise<ProviderRefund> {
    const answer = await this.call<PayPalRefundBody>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
      {
        requestId: input.requestId,
        body: {
          amount: { value: minorToDecimal(input.amount), currency_code: input.amount.currencyCode },
          custom_id: input.customId,
          note_to_payer: input.note,
        },
      },
    );
    const refund = refundOf(answer, input.amount);
    if (!refund) throw new PaymentProviderError('PayPal refund answer is malformed', 200, 'MALFORMED', false);
    return { ...refund, captureId: refund.captureId ?? input.captureId };
  }

  /**
   * Payouts v1: one batch with one item. `sender_batch_id` and `PayPal-Request-Id` are the same
   * key on every attempt, so a retry (here or by the reconcile job) is answered with the first
   * batch, or refused as a duplicate with a link to it — never paid twice.
   */
  async sendPayout(input: SendPayoutInput): Promise<PayoutBatch> {
    const byPayerId = input.receiver.payerId !== null;
    const answer = await this.call<PayPalBatchBody>('POST', '/v1/payments/payouts', {
      requestId: input.senderBatchId,
      body: {
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          recipient_type: byPayerId ? 'PAYPAL_ID' : 'EMAIL',
          email_subject: 'You have a payout from LinkStore',
        },
        items: [
          {
            recipient_type: byPayerId ? 'PAYPAL_ID' : 'EMAIL',
            receiver: input.receiver.payerId ?? input.receiver.email,
            amount: { currency: input.amount.currencyCode, value: minorToDecimal(input.amount) },
            note: input.note,
            sender_item_id: input.senderBatchId,
          },
        ],
      },
    });
    return batchOf(answer);
  }

  async getPayoutBatch(payoutBatchId: string): Promise<PayoutBatch> {
    return batchOf(
      await this.call<PayPalBatchBody>('GET', `/v1/payments/payouts/${encodeURIComponent(payoutBatchId)}`),
    );
  }

  async getPayoutItem(payoutItemId: string): Promise<PayoutItem> {
    const item = await this.call<PayPalItemBody>(
      'GET',
      `/v1/payments/payouts-item/${encodeURIComponent(payoutItemId)}`,
    );
    const read = itemOf(item);
    if (!read) throw new PaymentProviderError('PayPal payout item is malformed', 200, 'MALFORMED', false);
    return read;
  }

  async verifyWebhook({ headers, rawBody }: WebhookInput): Promise<WebhookVerification> {
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const fields = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
      webhook_id: this.options.webhookId,
    };
    if (Object.values(fields).some((value) => !value)) return { verified: false };
    let event: { id?: unknown; event_type?: unknown; resource?: unknown };
    try {
      event = JSON.parse(rawBody) as typeof event;
    } catch {
      return { verified: false };
    }
    // The event goes in as the received bytes, not re-serialised, so the signed content is intact.
    const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
    const result = await this.call<{ verification_status: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      { body: new RawJson(body) },
    );
    if (result.verification_status !== 'SUCCESS') return { verified: false };
    return {
      verified: true,
      event: { id: String(event.id), eventType: String(event.event_type), resource: event.resource },
    };
  }

  /** One API call with a bearer token: retried on timeouts, network errors, 429 and 5xx when safe. */
  private async call<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
    const safeToRepeat = method === 'GET' || options.requestId !== undefined;
    const attempts = safeToRepeat ? this.retries + 1 : 1;
    let refreshedToken = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send<T>(method, path, options, await this.accessToken());
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 401 && !refreshedToken) {
          // A token revoked early: fetch a new one once; the request never ran, so repeating is safe.
          this.token = undefined;
          refreshedToken = true;
          attempt--;
          continue;
        }
        if (!(error instanceof PaymentProviderError) || !error.retryable || attempt >= attempts) throw error;
        await sleep(this.retryDelayMs * attempt);
      }
    }
  }

  private async send<T>(method: string, path: string, options: CallOptions, token: string): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      prefer: 'return=representation',
    };
    if (options.requestId) headers['paypal-request-id'] = options.requestId;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.body instanceof RawJson ? options.body.text : JSON.stringify(options.body);
    }
    const response = await this.fetchWithTimeout(`${this.baseUrl}${path}`, { method, headers, body });
    return (await readJson(response)) as T;
  }

  /** The cached OAuth2 token, or a new one; concurrent callers share one token request. */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await this.fetchWithTimeout(`${this.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const result = (await readJson(response)) as { access_token: string; expires_in: number };
    this.token = {
      value: result.access_token,
      expiresAt: this.now() + result.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return result.access_token;
  }

  private async fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new PaymentProviderError(
        timedOut
          ? `PayPal did not answer within ${this.timeoutMs} ms`
          : `PayPal unreachable: ${String(error)}`,
        undefined,
        timedOut ? 'TIMEOUT' : 'NETWORK',
        true,
      );
    }
  }
}

type PayPalCapture = NonNullable<
  NonNullable<NonNullable<PayPalOrderBody['purchase_units']>[number]['payments']>['captures']
>[number];

/** PayPal's capture in minor units: its own status, the amount and currency it took. */
function captureOf(capture: PayPalCapture | undefined): CaptureResult | undefined {
  if (!capture) return undefined;
  return {
    status: capture.status,
    captureId: capture.id,
    capturedMinor: decimalToMinor(capture.amount.value, capture.amount.currency_code),
    currencyCode: capture.amount.currency_code,
  };
}

interface PayPalItemBody {
  payout_item_id?: unknown;
  payout_batch_id?: unknown;
  transaction_status?: unknown;
  errors?: { name?: unknown } | null;
}

interface PayPalBatchBody {
  batch_header?: {
    payout_batch_id?: unknown;
    batch_status?: unknown;
    sender_batch_header?: { sender_batch_id?: unknown };
  };
  items?: PayPalItemBody[];
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A payout item resource (an item of a batch, `payouts-item`, or a webhook's resource). */
export function itemOf(body: PayPalItemBody | undefined): PayoutItem | undefined {
  const payoutItemId = text(body?.payout_item_id);
  if (!body || !payoutItemId) return undefined;
  return {
    payoutItemId,
    payoutBatchId: text(body.payout_batch_id),
    // The create answer carries no item yet; its item is NEW until PayPal works on it.
    transactionStatus: text(body.transaction_status) ?? 'PENDING',
    errorName: text(body.errors?.name),
  };
}

function batchOf(body: PayPalBatchBody): PayoutBatch {
  const header = body.batch_header;
  const payoutBatchId = text(header?.payout_batch_id);
  if (!payoutBatchId)
    throw new PaymentProviderError('PayPal payout answer has no batch id', 200, 'MALFORMED', false);
  return {
    payoutBatchId,
    batchStatus: text(header?.batch_status) ?? 'PENDING',
    senderBatchId: text(header?.sender_batch_header?.sender_batch_id),
    item: itemOf(body.items?.[0]),
  };
}

interface PayPalRefundBody {
  id?: unknown;
  status?: unknown;
  amount?: { currency_code?: unknown; value?: unknown };
  custom_id?: unknown;
  links?: { href?: unknown; rel?: unknown }[];
}

/** The capture a refund belongs to: its `up` link, `/v2/payments/captures/{capture_id}`. */
function upCaptureOf(body: PayPalRefundBody): string | undefined {
  for (const link of body.links ?? []) {
    if (link.rel !== 'up' || typeof link.href !== 'string') continue;
    const match = /\/v2\/payments\/captures\/([^/?#]+)/.exec(link.href);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

/**
 * A refund resource (the refund call's answer, or a refund webhook's resource) in minor units.
 * `fallback` is the amount asked for, when a minimal answer carries none.
 */
export function refundOf(body: PayPalRefundBody | undefined, fallback?: ProviderRefund['amount']) {
  const providerRefundId = text(body?.id);
  if (!body || !providerRefundId) return undefined;
  const currency = text(body.amount?.currency_code);
  const value = text(body.amount?.value);
  let amount = fallback;
  if (currency && value) {
    try {
      amount = { currencyCode: currency, valueMinor: decimalToMinor(value, currency) };
    } catch {
      return undefined;
    }
  }
  if (!amount) return undefined;
  const refund: ProviderRefund = {
    providerRefundId,
    status: text(body.status) ?? 'PENDING',
    amount,
    customId: text(body.custom_id),
    captureId: upCaptureOf(body),
  };
  return refund;
}

/** A body already serialised as JSON, sent as is. */
class RawJson {
  constructor(readonly text: string) {}
}

/** The parsed body of a 2xx response; otherwise PayPal's `name`/`message`/`details` as an error. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = undefined;
  }
  if (response.ok && parsed !== undefined) return parsed;
  const problem = (parsed ?? {}) as {
    name?: string;
    message?: string;
    error?: string;
    error_description?: string;
    details?: { issue?: string }[];
    links?: { href?: unknown; rel?: unknown }[];
  };
  const status = response.status;
  throw new PaymentProviderError(
    problem.message ?? problem.error_description ?? `PayPal answered ${status}`,
    status,
    problem.name ?? problem.error ?? (response.ok ? 'MALFORMED' : `HTTP_${status}`),
    status === 429 || status >= 500,
    (problem.details ?? []).flatMap((d) => (d.issue ? [d.issue] : [])),
    (problem.links ?? []).flatMap((l) =>
      typeof l.href === 'string' ? [{ href: l.href, rel: typeof l.rel === 'string' ? l.rel : '' }] : [],
    ),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a verified PayPal webhook event asks of the order flow. */
export type WebhookAction =
  | { kind: 'captured'; providerOrderId: string; capture: CaptureResult }
  | { kind: 'approved'; providerOrderId: string }
  | { kind: 'payoutItem'; item: PayoutItem; senderBatchId: string | undefined }
  /** PAYMENT.CAPTURE.REFUNDED / REVERSED: money went back from a capture (ours or not). */
  | { kind: 'refund'; eventType: string; refund: ProviderRefund & { captureId: string } }
  | { kind: 'ignored' };

/** A payout item event's type → the item status it reports (when the resource does not say). */
const PAYOUT_ITEM_EVENTS: Record<string, string> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'SUCCESS',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'FAILED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'RETURNED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED': 'UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'BLOCKED',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'DENIED',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'REFUNDED',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'CANCELED',
  'PAYMENT.PAYOUTS-ITEM.HELD': 'ONHOLD',
};

/**
 * PAYMENT.PAYOUTS-ITEM.* events: the resource is the payout item. The event type names the change
 * (the resource's `transaction_status` can lag behind it); batch events (PAYMENT.PAYOUTSBATCH.*)
 * are ignored: the item events and the poll carry what matters.
 */
function readPayoutItemEvent(event: WebhookEvent): WebhookAction {
  const status = PAYOUT_ITEM_EVENTS[event.eventType];
  const resource = (event.resource ?? {}) as PayPalItemBody & {
    payout_item?: { sender_item_id?: unknown };
    sender_batch_id?: unknown;
  };
  const item = itemOf(resource);
  if (!status || !item) return { kind: 'ignored' };
  return {
    kind: 'payoutItem',
    item: { ...item, transactionStatus: status },
    senderBatchId: text(resource.sender_batch_id) ?? text(resource.payout_item?.sender_item_id),
  };
}

interface CaptureResource {
  id?: unknown;
  status?: unknown;
  amount?: { currency_code?: unknown; value?: unknown };
  supplementary_data?: { related_ids?: { order_id?: unknown } };
}

/**
 * Reads PayPal's event types the order flow acts on: PAYMENT.CAPTURE.REFUNDED and REVERSED (a
 * refund resource, for the refunds module), PAYMENT.CAPTURE.COMPLETED (a capture
 * resource; its order is `supplementary_data.related_ids.order_id`) and CHECKOUT.ORDER.APPROVED
 * (an order resource). Anything else, or a resource without what is needed, is ignored.
 */
export function readWebhookEvent(event: WebhookEvent): WebhookAction {
  if (event.eventType.startsWith('PAYMENT.PAYOUTS-ITEM.')) return readPayoutItemEvent(event);
  if (event.eventType === 'PAYMENT.CAPTURE.REFUNDED' || event.eventType === 'PAYMENT.CAPTURE.REVERSED') {
    // The resource is the refund: its `up` link names the capture, custom_id our refund.
    const refund = refundOf(event.resource ?? undefined);
    if (!refund?.captureId || refund.amount.valueMinor <= 0) return { kind: 'ignored' };
    return { kind: 'refund', eventType: event.eventType, refund: { ...refund, captureId: refund.captureId } };
  }
  if (event.eventType === 'CHECKOUT.ORDER.APPROVED') {
    const id = (event.resource as { id?: unknown } | null)?.id;
    return typeof id === 'string' && id ? { kind: 'approved', providerOrderId: id } : { kind: 'ignored' };
  }
  if (event.eventType !== 'PAYMENT.CAPTURE.COMPLETED') return { kind: 'ignored' };
  const resource = (event.resource ?? {}) as CaptureResource;
  const orderId = resource.supplementary_data?.related_ids?.order_id;
  const { currency_code: currency, value } = resource.amount ?? {};
  if (typeof orderId !== 'string' || typeof resource.id !== 'string' || resource.status !== 'COMPLETED') {
    return { kind: 'ignored' };
  }
  if (typeof currency !== 'string' || typeof value !== 'string') return { kind: 'ignored' };
  let capturedMinor: number;
  try {
    capturedMinor = decimalToMinor(value, currency);
  } catch {
    return { kind: 'ignored' };
  }
  return {
    kind: 'captured',
    providerOrderId: orderId,
    capture: {
      status: 'COMPLETED',
      captureId: resource.id,
      capturedMinor,
      currencyCode: currency,
    },
  };
}

/** PayPal's text fields of an item hold at most 127 characters. */
const upTo127 = (text: string) => (text.length > 127 ? `${text.slice(0, 126)}…` : text);

const moneyBody = (money: Money) => ({ currency_code: money.currencyCode, value: minorToDecimal(money) });

function breakdownBody(breakdown: AmountBreakdown) {
  return {
    item_total: moneyBody(breakdown.itemTotal),
    shipping: moneyBody(breakdown.shipping),
    tax_total: moneyBody(breakdown.taxTotal),
    discount: moneyBody(breakdown.discount),
  };
}

function itemBody(item: OrderLine) {
  return {
    name: upTo127(item.name),
    quantity: String(item.quantity),
    unit_amount: moneyBody(item.unitAmount),
    category: 'PHYSICAL_GOODS',
    ...(item.sku && { sku: upTo127(item.sku) }),
    ...(item.description && { description: upTo127(item.description) }),
  };
}

/** PayPal's address: `admin_area_2` is the city, `admin_area_1` the state or province. */
function shippingBody(to: ShipTo) {
  return {
    type: 'SHIPPING',
    name: { full_name: to.fullName.slice(0, 300) },
    address: {
      address_line_1: to.line1,
      ...(to.line2 && { address_line_2: to.line2 }),
      admin_area_2: to.city,
      ...(to.region && { admin_area_1: to.region }),
      postal_code: to.postalCode,
      country_code: to.countryCode,
    },
  };
}
