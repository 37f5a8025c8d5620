import { checkoutRoutes, type TSandboxApproval } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { orders } from '../orders/orders.table';
import { shops } from '../shops/shops.table';
import {
  PaymentProviderError,
  type CaptureOrderInput,
  type CaptureResult,
  type CreatedOrder,
  type CreateOrderInput,
  type TrackingInput,
  type Money,
  type PaymentProvider,
  type ProviderRefund,
  type RefundInput,
  type PayoutBatch,
  type PayoutItem,
  type PayoutProvider,
  type SendPayoutInput,
  type WebhookInput,
} from './payment-provider';
import { PayPalProvider, readWebhookEvent, type WebhookAction } from './paypal.provider';
import { SandboxPayouts } from './sandbox-payouts';
import { SandboxProvider, sandboxReceiptUrl } from './sandbox.provider';

/** What a capture call came to, so the order flow never has to read provider errors. */
export type CaptureOutcome =
  | { kind: 'captured'; capture: CaptureResult }
  /** The buyer has not approved (yet): nothing was taken. */
  | { kind: 'notApproved' }
  /** The provider failed or refused; `reason` is for the log. */
  | { kind: 'failed'; reason: string };

/** What a payout send came to, so the payouts module never has to read provider errors. */
export type PayoutSendOutcome =
  /** The provider has the batch (now, or from an earlier attempt with the same sender_batch_id). */
  | { kind: 'accepted'; batch: PayoutBatch }
  /** A definite refusal (4xx): nothing was or will be paid for this batch. */
  | { kind: 'refused'; reason: string }
  /** No definite answer (timeout, 5xx, a duplicate we could not find): try again later, same id. */
  | { kind: 'unknown'; reason: string };

/** A verified payout item event, handed to the payouts module. */
export interface PayoutEvent {
  item: PayoutItem;
  senderBatchId: string | undefined;
}

/** Handles a payout event; answers the outcome recorded with the webhook event. */
export type PayoutEventHandler = (event: PayoutEvent) => Promise<string>;

/** PayPal Payouts (or the sandbox's) as the payouts module sees them: `app.payments.payouts`. */
export interface Payouts {
  send(input: SendPayoutInput): Promise<PayoutSendOutcome>;
  get(payoutBatchId: string): Promise<PayoutBatch>;
  getItem(payoutItemId: string): Promise<PayoutItem>;
  /** The payouts module registers the one handler of payout webhook events. */
  onEvent(handler: PayoutEventHandler): void;
  /** The webhook route's dispatch: 'unhandled' when no module registered. */
  handleEvent(event: PayoutEvent): Promise<string>;
}

/** What a refund call came to, so the refunds module never has to read provider errors. */
export type RefundOutcome =
  /** The provider did it (completed) or took it and will finish it (pending: a webhook follows). */
  | { kind: 'completed'; providerRefundId: string; amount: Money }
  | { kind: 'pending'; providerRefundId: string; amount: Money }
  /** A definite refusal (4xx, or the refund FAILED): nothing was or will be refunded for it. */
  | { kind: 'refused'; reason: string }
  /** No definite answer (timeout, 5xx): try again later with the SAME request id. */
  | { kind: 'unknown'; reason: string };

/** A verified refund event (PAYMENT.CAPTURE.REFUNDED or REVERSED), handed to the refunds module. */
export interface RefundEvent {
  eventType: string;
  refund: ProviderRefund & { captureId: string };
}

/** Handles a refund event; answers the outcome recorded with the webhook event. */
export type RefundEventHandler = (event: RefundEvent) => Promise<string>;

/** The refund webhooks' one handler, registered by the refunds module: `app.payments.refunds`. */
export interface RefundEvents {
  onEvent(handler: RefundEventHandler): void;
  /** The webhook route's dispatch: 'unhandled' when no module registered. */
  handleEvent(event: RefundEvent): Promise<string>;
}

const REFUND_REFUSED_STATUSES = new Set(['FAILED', 'CANCELLED']);

/** The provider's refund call, its answer or error read as an outcome. */
async function refundThrough(provider: PaymentProvider, input: RefundInput): Promise<RefundOutcome> {
  try {
    const refund = await provider.refundCapture(input);
    if (REFUND_REFUSED_STATUSES.has(refund.status)) return { kind: 'refused', reason: refund.status };
    const { providerRefundId, amount } = refund;
    return refund.status === 'COMPLETED'
      ? { kind: 'completed', providerRefundId, amount }
      : { kind: 'pending', providerRefundId, amount };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const reason = [error.code, ...error.issues].join(' ');
    // 400/404/422 say no for good (e.g. REFUND_AMOUNT_EXCEEDED); anything else may still be done.
    const definite = !error.retryable && [400, 404, 422].includes(error.status ?? 0);
    return definite ? { kind: 'refused', reason } : { kind: 'unknown', reason: `${reason} ${error.message}` };
  }
}

function refundEvents(): RefundEvents {
  let handler: RefundEventHandler | undefined;
  return {
    onEvent(next) {
      handler = next;
    },
    handleEvent: (event) => (handler ? handler(event) : Promise.resolve('unhandled')),
  };
}

/** The original batch a duplicate sender_batch_id refusal links to (PayPal's documented way). */
function linkedBatchId(error: PaymentProviderError): string | undefined {
  for (const link of error.links) {
    const match = /\/v1\/payments\/payouts\/([^/?#]+)$/.exec(link.href);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

function payoutsGateway(provider: PayoutProvider): Payouts {
  let handler: PayoutEventHandler | undefined;
  return {
    async send(input) {
      try {
        return { kind: 'accepted', batch: await provider.sendPayout(input) };
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        const reason = [error.code, ...error.issues].join(' ');
        const original = linkedBatchId(error);
        if (original) {
          // Sent before (a crash, a lost answer): the batch PayPal already has is ours.
          try {
            return { kind: 'accepted', batch: await provider.getPayoutBatch(original) };
          } catch (readError) {
            return {
              kind: 'unknown',
              reason: `duplicate batch ${original} unreadable: ${String(readError)}`,
            };
          }
        }
        // PayPal names the duplicate in the detail ("Batch with given sender_batch_id already
        // exists", field SENDER_BATCH_ID): never a refusal — the first batch may be paying.
        const duplicate = [error.message, ...error.issues].some((text) => /sender_batch_id/i.test(text));
        const definite = !error.retryable && (error.status === 400 || error.status === 422) && !duplicate;
        return definite
          ? { kind: 'refused', reason }
          : { kind: 'unknown', reason: `${reason} ${error.message}` };
      }
    },
    get: (payoutBatchId) => provider.getPayoutBatch(payoutBatchId),
    getItem: (payoutItemId) => provider.getPayoutItem(payoutItemId),
    onEvent(next) {
      handler = next;
    },
    handleEvent: (event) => (handler ? handler(event) : Promise.resolve('unhandled')),
  };
}

/**
 * The payment provider as the order flow sees it (decision 0020), `app.payments`. Modules reach
 * it through the decoration; the payment rows through `payments.api.ts` (decision 0022).
 */
export interface Payments {
  /** Stored with each payment: 'sandbox' or 'paypal'. */
  readonly provider: 'sandbox' | 'paypal';
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Tells the provider a shipment's tracking; the request id makes a retry safe. */
  addTracking(input: TrackingInput): Promise<void>;
  capture(input: CaptureOrderInput): Promise<CaptureOutcome>;
  /** A verified event, or undefined when it is not one (tampered, unsigned, the sandbox). */
  readWebhook(input: WebhookInput): Promise<VerifiedWebhook | undefined>;
  /** Payouts to creators' PayPal accounts. */
  readonly payouts: Payouts;
  /** Gives part of a capture back to the buyer; the request id makes a retry safe. */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Refund webhook events, for the refunds module. */
  readonly refunds: RefundEvents;
}

export interface VerifiedWebhook {
  /** The provider's event id: a redelivery has the same one. */
  eventId: string;
  eventType: string;
  action: WebhookAction;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

const NOT_APPROVED = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);

function gateway(
  name: Payments['provider'],
  provider: PaymentProvider,
  payoutProvider: PayoutProvider,
): Payments {
  return {
    provider: name,
    payouts: payoutsGateway(payoutProvider),
    refunds: refundEvents(),
    refund: (input) => refundThrough(provider, input),
    createOrder: (input) => provider.createOrder(input),
    addTracking: (input) => provider.addTracking(input),
    async readWebhook(input) {
      const { verified, event } = await provider.verifyWebhook(input);
      if (!verified || !event) return undefined;
      return { eventId: event.id, eventType: event.eventType, action: readWebhookEvent(event) };
    },
    async capture(input) {
      try {
        return { kind: 'captured', capture: await provider.captureOrder(input) };
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        if (error.issues.some((issue) => NOT_APPROVED.has(issue))) return { kind: 'notApproved' };
        // Captured before under another request id (or after PayPal forgot ours): read it back.
        const earlier = error.issues.includes('ORDER_ALREADY_CAPTURED')
          ? await provider.getOrder(input.providerOrderId).then(
              (order) => order.capture,
              () => undefined,
            )
          : undefined;
        if (earlier) return { kind: 'captured', capture: earlier };
        return { kind: 'failed', reason: `${error.code} ${error.issues.join(',')} ${error.message}` };
      }
    },
  };
}

/** The shop an order placed through the sandbox belongs to, for the approval page. */
async function shopNameOf(db: AppDatabase, orderNo: string | null): Promise<string | null> {
  if (!orderNo) return null;
  const [row] = await db
    .select({ name: shops.name })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.orderNo, orderNo));
  return row?.name ?? null;
}

/** `/payauth`'s two calls; with PayPal configured there is no sandbox order to show (404). */
function sandboxRoutes(app: FastifyInstance, sandbox: SandboxProvider | undefined): void {
  const { db } = app.database;
  const requireSandbox = () => {
    if (!sandbox) throw AppError.notFound();
    return sandbox;
  };
  registerRoute(app, checkoutRoutes.sandboxApproval, async ({ params }): Promise<TSandboxApproval> => {
    const row = await requireSandbox().find(params.token);
    if (!row) throw AppError.notFound();
    return {
      token: row.id,
      status: row.status,
      amountMinor: row.amountMinor,
      currencyCode: row.currencyCode,
      reference: row.reference,
      shopName: await shopNameOf(db, row.reference),
      cancelUrl: row.cancelUrl,
      receiptUrl: sandboxReceiptUrl(row),
    };
  });
  registerRoute(app, checkoutRoutes.sandboxApprove, async ({ params }) => {
    const provider = requireSandbox();
    const row = await provider.find(params.token);
    if (!row) throw AppError.notFound();
    // Approving a payment already made (Back to this page, or a second tab) leads to its receipt:
    // capturing on the return is answered again, never charged twice.
    const receipt = row.status === 'COMPLETED' ? sandboxReceiptUrl(row) : null;
    if (receipt) return { redirectTo: receipt };
    try {
      return { redirectTo: await provider.approve(params.token) };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw AppError.notFound();
      throw error;
    }
  });
}

/**
 * `app.payments` from configuration: the database-backed sandbox (the default) or PayPal; and
 * the sandbox's approval routes.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.payments;
    const paypal =
      settings.provider === 'paypal'
        ? new PayPalProvider({
            baseUrl: settings.baseUrl,
            clientId: settings.clientId,
            clientSecret: settings.clientSecret,
            webhookId: settings.webhookId,
          })
        : undefined;
    const provider: PaymentProvider = paypal ?? new SandboxProvider(app.database.db);
    const payoutProvider: PayoutProvider = paypal ?? new SandboxPayouts(app.database.db);
    const sandbox = provider instanceof SandboxProvider ? provider : undefined;
    app.decorate('payments', gateway(settings.provider, provider, payoutProvider));
    sandboxRoutes(app, sandbox);
  },
  { name: 'payments' },
);
