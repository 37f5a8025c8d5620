import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { decimalToMinor, minorDigitsOf, minorToDecimal } from '@linkstore/contract';
import { listenOnLoopback } from './loopback-server';

/**
 * A local stand-in for PayPal's REST API, for tests: OAuth2 client-credentials tokens, Orders v2
 * create/get/capture with PayPal-Request-Id idempotency (a repeated id replays the first response),
 * and webhook signature verification against signatures it issues itself (HMAC with a secret only
 * it knows, standing in for PayPal's certificate). Failure switches simulate a 5xx, and a response
 * that arrives after the work was committed.
 *
 * Payouts v1: create a batch of one item (PayPal-Request-Id replays it; a sender_batch_id used
 * before under another request id is refused as USER_BUSINESS_ERROR with a link to the original
 * batch), read a batch, read an item; a test moves an item on with `setPayoutItemStatus` and
 * builds its signed webhook event with `payoutItemEvent`.
 *
 * Payments v2 refunds: refund a capture (PayPal-Request-Id replays the first refund; more than the
 * capture less its refunds is refused, 422 REFUND_AMOUNT_EXCEEDED); a test makes the next refund
 * PENDING or FAILED with `refundOnce`, makes one at PayPal itself (a dispute, a chargeback) with
 * `refundAtPayPal`, and builds a signed PAYMENT.CAPTURE.REFUNDED / REVERSED event with `refundEvent`.
 */
export type StandInOperation =
  | 'token'
  | 'create'
  | 'get'
  | 'capture'
  | 'track'
  | 'verify'
  | 'payout'
  | 'payoutGet'
  | 'payoutItem'
  | 'refund';

export interface StoredRefund {
  id: string;
  captureId: string;
  status: string;
  amount: { currency_code: string; value: string };
  /** Our refund id, when we asked for it; absent for a refund made at PayPal. */
  customId: string | undefined;
  noteToPayer: string | undefined;
}

export interface StoredPayout {
  batchId: string;
  senderBatchId: string;
  itemId: string;
  amount: { currency: string; value: string };
  recipientType: string;
  receiver: string;
  /** The item's transaction_status: PENDING until a test moves it. */
  itemStatus: string;
  /** The item's error name once it failed or came back. */
  errorName?: string;
}

interface StoredOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  reference: string | undefined;
  amount: { currency_code: string; value: string };
  captureId?: string;
  /** What the capture took: the order's amount unless a test asked for another. */
  capturedAmount?: { currency_code: string; value: string };
  /** The capture's own status: COMPLETED unless a test asked for another (e.g. PENDING). */
  captureStatus?: string;
  /** As sent: the amount's breakdown, the items, the shipping address and the shipping preference. */
  breakdown?: Record<string, PayPalMoney>;
  items?: PayPalItem[];
  shipping?: PayPalShipping;
  shippingPreference?: string;
  /** The tracking added to the order's capture (one per tracking number). */
  trackers?: { captureId: string; trackingNumber: string; carrier: string; carrierNameOther?: string }[];
}

interface PayPalMoney {
  currency_code: string;
  value: string;
}
interface PayPalItem {
  name?: string;
  quantity?: string;
  unit_amount?: PayPalMoney;
  sku?: string;
  description?: string;
  category?: string;
}
interface PayPalShipping {
  name?: { full_name?: string };
  address?: { address_line_1?: string; admin_area_2?: string; postal_code?: string; country_code?: string };
}

export interface PayPalStandIn {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, StoredOrder>;
  /** How many requests of each operation arrived (including replays and failures). */
  calls: Record<StandInOperation, number>;
  /** Requests answered from the PayPal-Request-Id store instead of acting again. */
  replays: number;
  /** Captures actually performed (a replay does not count). */
  capturesPerformed: number;
  /** Payout batches by batch id (each one created, not replays). */
  payouts: Map<string, StoredPayout>;
  /** The batch made for our sender_batch_id, if any. */
  payoutBySender(senderBatchId: string): StoredPayout | undefined;
  /** PayPal moves the item on (SUCCESS, UNCLAIMED, RETURNED, FAILED, …), e.g. days later. */
  setPayoutItemStatus(itemId: string, status: string, errorName?: string): void;
  /** The body of a PAYMENT.PAYOUTS-ITEM.<type> event for the item (a new event id each call). */
  payoutItemEvent(itemId: string, type: string): string;
  /** PayPal forgets its PayPal-Request-Id store (so a resend meets the duplicate sender_batch_id). */
  forgetRequestIds(): void;
  /** A duplicate sender_batch_id refusal comes without the link to the original batch. */
  duplicateWithoutLink: boolean;
  /** The buyer approves the order at PayPal. */
  approve(orderId: string): void;
  /**
   * The body of the PAYMENT.CAPTURE.COMPLETED event PayPal sends for a captured order (a new
   * event id each call, as for a distinct notification).
   */
  captureCompletedEvent(orderId: string): string;
  /** The next request of `operation` gets `status` (with PayPal's error `name`) without doing anything. */
  failOnce(operation: StandInOperation, status?: number, name?: string): void;
  /** The next `times` requests of `operation` get `status` (e.g. a 5xx outlasting the retries). */
  failTimes(operation: StandInOperation, times: number, status?: number): void;
  /**
   * The next capture takes another amount than the order's (a fault somewhere) or ends in another
   * status than COMPLETED (PENDING: held for review, DECLINED).
   */
  captureOnce(outcome: { amount?: { currency_code: string; value: string }; status?: string }): void;
  /** The next request of `operation` is carried out, then answered only after `delayMs`. */
  answerLateOnce(operation: StandInOperation, delayMs: number): void;
  /** Refunds by refund id (each one made, not replays). */
  refunds: Map<string, StoredRefund>;
  /** The next refund ends in `status` (PENDING: finished later; FAILED). */
  refundOnce(outcome: { status: string }): void;
  /** A refund made at PayPal, not by us (the merchant's dashboard, a dispute, a chargeback). */
  refundAtPayPal(captureId: string, value: string): StoredRefund;
  /** The body of a PAYMENT.CAPTURE.<type> event (REFUNDED, REVERSED) for the refund; a new event id each call. */
  refundEvent(refundId: string, type?: 'REFUNDED' | 'REVERSED'): string;
  /** Headers PayPal would send with this webhook body. */
  signWebhook(rawBody: string): Record<string, string>;
  close(): Promise<void>;
}

const TOKEN_TTL_S = 32_400;

/** The signed content: transmission id, time, webhook id and a digest of the event's JSON value. */
function signatureBase(transmissionId: string, time: string, webhookId: string, event: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(event)).digest('hex');
  return `${transmissionId}|${time}|${webhookId}|${digest}`;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const problem = (name: string, message: string, issue?: string) => ({
  name,
  message,
  details: issue ? [{ issue }] : [],
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const signingSecret = randomBytes(32);
  const tokens = new Set<string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures = new Map<StandInOperation, { status: number; name: string | undefined; left: number }>();
  const delays = new Map<StandInOperation, number>();
  let sequence = 0;
  let nextCapture: Parameters<PayPalStandIn['captureOnce']>[0] = {};
  let nextRefund: { status?: string } = {};

  const stand: PayPalStandIn = {
    baseUrl: '',
    clientId: 'stand-in-client',
    clientSecret: 'stand-in-secret',
    webhookId: 'WH-STAND-IN',
    orders: new Map(),
    calls: {
      token: 0,
      create: 0,
      get: 0,
      capture: 0,
      track: 0,
      verify: 0,
      payout: 0,
      payoutGet: 0,
      payoutItem: 0,
      refund: 0,
    },
    refunds: new Map(),
    refundOnce: (outcome) => void (nextRefund = outcome),
    refundAtPayPal(captureId, value) {
      const order = [...stand.orders.values()].find((o) => o.captureId === captureId);
      if (!order) throw new Error(`No capture ${captureId}`);
      const currency = (order.capturedAmount ?? order.amount).currency_code;
      const refund: StoredRefund = {
        id: `RF${String(++sequence).padStart(14, '0')}`,
        captureId,
        status: 'COMPLETED',
        amount: { currency_code: currency, value },
        customId: undefined,
        noteToPayer: undefined,
      };
      stand.refunds.set(refund.id, refund);
      return refund;
    },
    refundEvent(refundId, type = 'REFUNDED') {
      const refund = stand.refunds.get(refundId);
      if (!refund) throw new Error(`No refund ${refundId}`);
      return JSON.stringify({
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'refund',
        event_type: `PAYMENT.CAPTURE.${type}`,
        summary: `A payment of ${refund.amount.value} ${refund.amount.currency_code} was ${type.toLowerCase()}`,
        resource: refundJson({ ...refund, status: 'COMPLETED' }),
      });
    },
    replays: 0,
    capturesPerformed: 0,
    payouts: new Map(),
    duplicateWithoutLink: false,
    payoutBySender: (senderBatchId) =>
      [...stand.payouts.values()].find((p) => p.senderBatchId === senderBatchId),
    setPayoutItemStatus(itemId, status, errorName) {
      const payout = [...stand.payouts.values()].find((p) => p.itemId === itemId);
      if (!payout) throw new Error(`No payout item ${itemId}`);
      payout.itemStatus = status;
      if (errorName !== undefined) payout.errorName = errorName;
      else if (status !== 'SUCCESS' && status !== 'PENDING') payout.errorName = `RECEIVER_${status}`;
    },
    payoutItemEvent(itemId, type) {
      const payout = [...stand.payouts.values()].find((p) => p.itemId === itemId);
      if (!payout) throw new Error(`No payout item ${itemId}`);
      return JSON.stringify({
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        event_type: `PAYMENT.PAYOUTS-ITEM.${type}`,
        summary: `A payout item is ${type.toLowerCase()}`,
        resource: itemJson(payout),
      });
    },
    forgetRequestIds: () => idempotent.clear(),
    approve(orderId) {
      const order = stand.orders.get(orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      order.status = 'APPROVED';
    },
    captureCompletedEvent(orderId) {
      const order = stand.orders.get(orderId);
      if (!order?.captureId) throw new Error(`Order ${orderId} is not captured`);
      return JSON.stringify({
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'capture',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: 'Payment completed',
        resource: {
          id: order.captureId,
          status: 'COMPLETED',
          amount: order.capturedAmount ?? order.amount,
          final_capture: true,
          supplementary_data: { related_ids: { order_id: order.id } },
        },
      });
    },
    failOnce: (operation, status = 500, name) => void failures.set(operation, { status, name, left: 1 }),
    failTimes: (operation, times, status = 500) =>
      void failures.set(operation, { status, name: undefined, left: times }),
    answerLateOnce: (operation, delayMs) => void delays.set(operation, delayMs),
    captureOnce: (outcome) => void (nextCapture = outcome),
    signWebhook(rawBody) {
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const base = signatureBase(transmissionId, time, stand.webhookId, JSON.parse(rawBody));
      return {
        'paypal-auth-algo': 'HMACSHA256',
        'paypal-cert-url': `${stand.baseUrl}/certs/stand-in`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': createHmac('sha256', signingSecret).update(base).digest('base64'),
        'paypal-transmission-time': time,
      };
    },
    close: () => Promise.resolve(),
  };

  const orderJson = (order: StoredOrder) => ({
    id: order.id,
    status: order.status,
    links: [
      { rel: 'self', href: `${stand.baseUrl}/v2/checkout/orders/${order.id}`, method: 'GET' },
      { rel: 'payer-action', href: `${stand.baseUrl}/checkoutnow?token=${order.id}`, method: 'GET' },
    ],
    purchase_units: [
      {
        reference_id: order.reference,
        amount: { ...order.amount, ...(order.breakdown && { breakdown: order.breakdown }) },
        ...(order.items && { items: order.items }),
        ...(order.shipping && { shipping: order.shipping }),
        ...(order.captureId && {
          payments: {
            captures: [
              {
                id: order.captureId,
                status: order.captureStatus ?? 'COMPLETED',
                amount: order.capturedAmount ?? order.amount,
              },
            ],
          },
        }),
      },
    ],
  });

  const refundJson = (refund: StoredRefund) => ({
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    ...(refund.customId !== undefined && { custom_id: refund.customId }),
    ...(refund.noteToPayer !== undefined && { note_to_payer: refund.noteToPayer }),
    links: [
      { href: `${stand.baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${stand.baseUrl}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  });

  const minorOf = (amount: { currency_code: string; value: string }) =>
    decimalToMinor(amount.value, minorDigitsOf(amount.currency_code)) ?? Number.NaN;

  function refund(captureId: string, body: string): [number, unknown] {
    const order = [...stand.orders.values()].find((o) => o.captureId === captureId);
    if (!order)
      return [
        404,
        problem('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID'),
      ];
    const captured = order.capturedAmount ?? order.amount;
    const input = JSON.parse(body || '{}') as {
      amount?: { currency_code: string; value: string };
      custom_id?: string;
      note_to_payer?: string;
    };
    const refunded = [...stand.refunds.values()]
      .filter((r) => r.captureId === captureId && r.status !== 'FAILED')
      .reduce((sum, r) => sum + minorOf(r.amount), 0);
    const left = minorOf(captured) - refunded;
    const amount = input.amount ?? {
      currency_code: captured.currency_code,
      value: minorToDecimal(left, minorDigitsOf(captured.currency_code)),
    };
    if (amount.currency_code !== captured.currency_code) {
      return [422, problem('UNPROCESSABLE_ENTITY', 'Currency mismatch.', 'CURRENCY_MISMATCH')];
    }
    if (left <= 0) {
      return [422, problem('UNPROCESSABLE_ENTITY', 'Capture fully refunded.', 'CAPTURE_FULLY_REFUNDED')];
    }
    if (minorOf(amount) > left) {
      return [
        422,
        problem('UNPROCESSABLE_ENTITY', 'The refund amount exceeds the capture.', 'REFUND_AMOUNT_EXCEEDED'),
      ];
    }
    const stored: StoredRefund = {
      id: `RF${String(++sequence).padStart(14, '0')}`,
      captureId,
      status: nextRefund.status ?? 'COMPLETED',
      amount,
      customId: input.custom_id,
      noteToPayer: input.note_to_payer,
    };
    nextRefund = {};
    stand.refunds.set(stored.id, stored);
    return [201, refundJson(stored)];
  }

  const itemJson = (payout: StoredPayout) => ({
    payout_item_id: payout.itemId,
    transaction_status: payout.itemStatus,
    payout_batch_id: payout.batchId,
    payout_item: {
      recipient_type: payout.recipientType,
      amount: payout.amount,
      receiver: payout.receiver,
      sender_item_id: payout.senderBatchId,
    },
    ...(payout.errorName && { errors: { name: payout.errorName, message: payout.errorName } }),
    links: [
      { href: `${stand.baseUrl}/v1/payments/payouts-item/${payout.itemId}`, rel: 'item', method: 'GET' },
    ],
  });

  const batchStatusOf = (payout: StoredPayout) =>
    payout.itemStatus === 'PENDING' ? 'PENDING' : payout.itemStatus === 'SUCCESS' ? 'SUCCESS' : 'PROCESSING';

  const batchJson = (payout: StoredPayout, withItems: boolean) => ({
    batch_header: {
      payout_batch_id: payout.batchId,
      batch_status: withItems ? batchStatusOf(payout) : 'PENDING',
      sender_batch_header: { sender_batch_id: payout.senderBatchId },
    },
    ...(withItems && { items: [itemJson(payout)] }),
    links: [{ href: `${stand.baseUrl}/v1/payments/payouts/${payout.batchId}`, rel: 'self', method: 'GET' }],
  });

  function createPayout(body: string): [number, unknown] {
    const input = JSON.parse(body) as {
      sender_batch_header?: { sender_batch_id?: string; recipient_type?: string };
      items?: { recipient_type?: string; receiver?: string; amount?: { currency: string; value: string } }[];
    };
    const senderBatchId = input.sender_batch_header?.sender_batch_id;
    const item = input.items?.[0];
    if (!senderBatchId || !item?.receiver || !item.amount || input.items?.length !== 1) {
      return [
        400,
        problem('VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER'),
      ];
    }
    const earlier = stand.payoutBySender(senderBatchId);
    if (earlier) {
      return [
        400,
        {
          name: 'USER_BUSINESS_ERROR',
          message: 'User business error.',
          details: [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: 'Batch with given sender_batch_id already exists',
            },
          ],
          links: stand.duplicateWithoutLink
            ? []
            : [
                {
                  href: `${stand.baseUrl}/v1/payments/payouts/${earlier.batchId}`,
                  rel: 'self',
                  method: 'GET',
                },
              ],
        },
      ];
    }
    const payout: StoredPayout = {
      batchId: `PB${String(++sequence).padStart(11, '0')}`,
      senderBatchId,
      itemId: `PI${String(++sequence).padStart(11, '0')}`,
      amount: item.amount,
      recipientType: item.recipient_type ?? input.sender_batch_header?.recipient_type ?? 'EMAIL',
      receiver: item.receiver,
      itemStatus: 'PENDING',
    };
    stand.payouts.set(payout.batchId, payout);
    return [201, batchJson(payout, false)];
  }

  function token(request: IncomingMessage, body: string): [number, unknown] {
    const expected = `Basic ${Buffer.from(`${stand.clientId}:${stand.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected || !/grant_type=client_credentials/.test(body)) {
      return [401, { error: 'invalid_client', error_description: 'Client Authentication failed' }];
    }
    const value = randomBytes(16).toString('hex');
    tokens.add(value);
    return [
      200,
      { access_token: value, token_type: 'Bearer', expires_in: TOKEN_TTL_S, app_id: 'APP-STAND-IN' },
    ];
  }

  function create(body: string): [number, unknown] {
    const input = JSON.parse(body) as {
      intent?: string;
      purchase_units?: {
        reference_id?: string;
        amount?: PayPalMoney & { breakdown?: Record<string, PayPalMoney> };
        items?: PayPalItem[];
        shipping?: PayPalShipping;
      }[];
      payment_source?: { paypal?: { experience_context?: { shipping_preference?: string } } };
    };
    const unit = input.purchase_units?.[0];
    if (input.intent !== 'CAPTURE' || !unit?.amount) {
      return [400, problem('INVALID_REQUEST', 'Request is not well-formed', 'MISSING_REQUIRED_PARAMETER')];
    }
    const preference = input.payment_source?.paypal?.experience_context?.shipping_preference;
    const refusal = orderProblem(unit.amount, unit.items, unit.shipping, preference);
    if (refusal)
      return [422, problem('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', refusal)];
    const { breakdown, ...amount } = unit.amount;
    const id = `SI${String(++sequence).padStart(15, '0')}`;
    const order: StoredOrder = {
      id,
      status: 'CREATED',
      reference: unit.reference_id,
      amount,
      ...(breakdown && { breakdown }),
      ...(unit.items && { items: unit.items }),
      ...(unit.shipping && { shipping: unit.shipping }),
      ...(preference && { shippingPreference: preference }),
    };
    stand.orders.set(id, order);
    return [201, orderJson(order)];
  }

  /**
   * What PayPal's Orders v2 refuses in a purchase unit, by its issue names: items without an item
   * total, an item total that is not Σ unit amount × quantity, an amount that is not item total +
   * tax + shipping + handling + insurance − shipping discount − discount, a second currency, an
   * item without a name, quantity or unit amount, and a provided address that is missing.
   */
  function orderProblem(
    amount: PayPalMoney & { breakdown?: Record<string, PayPalMoney> },
    items: PayPalItem[] | undefined,
    shipping: PayPalShipping | undefined,
    preference: string | undefined,
  ): string | undefined {
    const currency = amount.currency_code;
    const breakdown = amount.breakdown ?? {};
    const parts = Object.values(breakdown);
    if (parts.some((part) => part.currency_code !== currency)) return 'CURRENCY_MISMATCH';
    for (const item of items ?? []) {
      if (!item.name || !item.quantity || !/^[1-9][0-9]*$/.test(item.quantity) || !item.unit_amount)
        return 'MISSING_REQUIRED_PARAMETER';
      if (item.unit_amount.currency_code !== currency) return 'CURRENCY_MISMATCH';
    }
    if (items?.length && !breakdown.item_total) return 'ITEM_TOTAL_REQUIRED';
    if (items?.length && breakdown.item_total) {
      const sum = items.reduce(
        (total, item) => total + minorOf(item.unit_amount as PayPalMoney) * Number(item.quantity),
        0,
      );
      if (sum !== minorOf(breakdown.item_total)) return 'ITEM_TOTAL_MISMATCH';
    }
    if (amount.breakdown) {
      const of = (key: string) => (breakdown[key] ? minorOf(breakdown[key]) : 0);
      const sum =
        of('item_total') +
        of('tax_total') +
        of('shipping') +
        of('handling') +
        of('insurance') -
        of('shipping_discount') -
        of('discount');
      if (sum !== minorOf(amount)) return 'AMOUNT_MISMATCH';
    }
    if (preference === 'SET_PROVIDED_ADDRESS') {
      const address = shipping?.address;
      if (!address?.address_line_1 || !address.admin_area_2 || !address.country_code)
        return 'MISSING_SHIPPING_ADDRESS';
    }
    return undefined;
  }

  /**
   * Orders v2 "add tracking": only for a captured order and its own capture, a tracking number
   * with its carrier (`OTHER` needs `carrier_name_other`); the same number twice is refused.
   */
  function track(order: StoredOrder | undefined, body: string): [number, unknown] {
    if (!order) return [404, problem('RESOURCE_NOT_FOUND', 'Not found', 'INVALID_RESOURCE_ID')];
    const input = JSON.parse(body) as {
      capture_id?: string;
      tracking_number?: string;
      carrier?: string;
      carrier_name_other?: string;
    };
    if (!input.capture_id || !input.tracking_number || !input.carrier)
      return [400, problem('INVALID_REQUEST', 'Request is not well-formed', 'MISSING_REQUIRED_PARAMETER')];
    if (input.carrier === 'OTHER' && !input.carrier_name_other)
      return [400, problem('INVALID_REQUEST', 'Request is not well-formed', 'MISSING_REQUIRED_PARAMETER')];
    if (order.status !== 'COMPLETED' || order.captureId !== input.capture_id)
      return [
        422,
        problem(
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'CAPTURE_ID_NOT_FOUND',
        ),
      ];
    order.trackers ??= [];
    if (order.trackers.some((t) => t.trackingNumber === input.tracking_number))
      return [
        422,
        problem(
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'DUPLICATE_TRACKING_NUMBER',
        ),
      ];
    order.trackers.push({
      captureId: input.capture_id,
      trackingNumber: input.tracking_number,
      carrier: input.carrier,
      ...(input.carrier_name_other && { carrierNameOther: input.carrier_name_other }),
    });
    return [201, orderJson(order)];
  }

  function capture(order: StoredOrder | undefined): [number, unknown] {
    if (!order)
      return [
        404,
        problem('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID'),
      ];
    if (order.status === 'COMPLETED') {
      return [
        422,
        problem(
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'ORDER_ALREADY_CAPTURED',
        ),
      ];
    }
    if (order.status !== 'APPROVED') {
      return [
        422,
        problem('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', 'ORDER_NOT_APPROVED'),
      ];
    }
    order.status = 'COMPLETED';
    order.captureId = `CAP${String(++sequence).padStart(14, '0')}`;
    order.capturedAmount = nextCapture.amount ?? order.amount;
    order.captureStatus = nextCapture.status ?? 'COMPLETED';
    nextCapture = {};
    stand.capturesPerformed++;
    return [201, orderJson(order)];
  }

  function verify(body: string): [number, unknown] {
    const input = JSON.parse(body) as Record<string, unknown>;
    const base = signatureBase(
      String(input.transmission_id),
      String(input.transmission_time),
      String(input.webhook_id),
      input.webhook_event,
    );
    const expected = createHmac('sha256', signingSecret).update(base).digest();
    const given = Buffer.from(String(input.transmission_sig), 'base64');
    const valid =
      input.auth_algo === 'HMACSHA256' &&
      input.webhook_id === stand.webhookId &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    return [200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' }];
  }

  function route(
    method: string,
    path: string,
  ): { operation: StandInOperation; orderId?: string } | undefined {
    if (method === 'POST' && path === '/v1/oauth2/token') return { operation: 'token' };
    if (method === 'POST' && path === '/v2/checkout/orders') return { operation: 'create' };
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature')
      return { operation: 'verify' };
    if (method === 'POST' && path === '/v1/payments/payouts') return { operation: 'payout' };
    const payoutMatch = /^\/v1\/payments\/(payouts|payouts-item)\/([^/]+)$/.exec(path);
    if (method === 'GET' && payoutMatch?.[2]) {
      return {
        operation: payoutMatch[1] === 'payouts' ? 'payoutGet' : 'payoutItem',
        orderId: decodeURIComponent(payoutMatch[2]),
      };
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundMatch?.[1]) {
      return { operation: 'refund', orderId: decodeURIComponent(refundMatch[1]) };
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture|\/track)?$/.exec(path);
    if (!match?.[1]) return undefined;
    if (method === 'GET' && !match[2]) return { operation: 'get', orderId: decodeURIComponent(match[1]) };
    if (method === 'POST' && match[2] === '/track')
      return { operation: 'track', orderId: decodeURIComponent(match[1]) };
    if (method === 'POST' && match[2]) return { operation: 'capture', orderId: decodeURIComponent(match[1]) };
    return undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const target = route(request.method ?? '', new URL(request.url ?? '/', stand.baseUrl).pathname);
    if (!target) return send(response, 404, problem('RESOURCE_NOT_FOUND', 'No such endpoint'));
    const { operation } = target;
    stand.calls[operation]++;
    const failure = failures.get(operation);
    if (failure) {
      if (--failure.left <= 0) failures.delete(operation);
      return send(
        response,
        failure.status,
        problem(
          failure.name ?? 'INTERNAL_SERVER_ERROR',
          failure.name ?? 'An internal server error occurred.',
        ),
      );
    }
    let status: number;
    let result: unknown;
    if (operation === 'token') {
      [status, result] = token(request, body);
    } else if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      [status, result] = [
        401,
        { error: 'invalid_token', error_description: 'Token signature verification failed' },
      ];
    } else {
      const requestId = request.headers['paypal-request-id'];
      const key =
        typeof requestId === 'string' ? `${operation}:${target.orderId ?? ''}:${requestId}` : undefined;
      const stored = key ? idempotent.get(key) : undefined;
      if (stored) {
        stand.replays++;
        [status, result] = [stored.status, stored.body];
      } else {
        if (operation === 'create') [status, result] = create(body);
        else if (operation === 'capture') [status, result] = capture(stand.orders.get(target.orderId ?? ''));
        else if (operation === 'track')
          [status, result] = track(stand.orders.get(target.orderId ?? ''), body);
        else if (operation === 'verify') [status, result] = verify(body);
        else if (operation === 'refund') [status, result] = refund(target.orderId ?? '', body);
        else if (operation === 'payout') [status, result] = createPayout(body);
        else if (operation === 'payoutGet' || operation === 'payoutItem') {
          const id = target.orderId ?? '';
          const payout =
            operation === 'payoutGet'
              ? stand.payouts.get(id)
              : [...stand.payouts.values()].find((p) => p.itemId === id);
          [status, result] = !payout
            ? [404, problem('RESOURCE_NOT_FOUND', 'Not found', 'INVALID_RESOURCE_ID')]
            : operation === 'payoutGet'
              ? [200, batchJson(payout, true)]
              : [200, itemJson(payout)];
        } else {
          const order = stand.orders.get(target.orderId ?? '');
          [status, result] = order
            ? [200, orderJson(order)]
            : [404, problem('RESOURCE_NOT_FOUND', 'Not found')];
        }
        if (key && status < 500) idempotent.set(key, { status, body: result });
      }
    }
    const delay = delays.get(operation);
    if (delay) {
      delays.delete(operation);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    send(response, status, result);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() =>
      send(response, 500, problem('INTERNAL_SERVER_ERROR', 'Stand-in error')),
    );
  });
  const listening = await listenOnLoopback(server);
  stand.baseUrl = listening.url;
  stand.close = listening.close;
  return stand;
}

/** The server's settings that point it at a stand-in (PayPal as the provider, its credentials). */
export function payPalEnv(stand: Pick<PayPalStandIn, 'baseUrl' | 'clientId' | 'clientSecret' | 'webhookId'>) {
  return {
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_BASE_URL: stand.baseUrl,
    PAYPAL_CLIENT_ID: stand.clientId,
    PAYPAL_CLIENT_SECRET: stand.clientSecret,
    PAYPAL_WEBHOOK_ID: stand.webhookId,
  };
}
