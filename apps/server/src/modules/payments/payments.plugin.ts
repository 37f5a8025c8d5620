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
  type PaymentProvider,
  type WebhookInput,
} from './payment-provider';
import { PayPalProvider, readWebhookEvent, type WebhookAction } from './paypal.provider';
import { SandboxProvider } from './sandbox.provider';

/** What a capture call came to, so the order flow never has to read provider errors. */
export type CaptureOutcome =
  | { kind: 'captured'; capture: CaptureResult }
  /** The buyer has not approved (yet): nothing was taken. */
  | { kind: 'notApproved' }
  /** The provider failed or refused; `reason` is for the log. */
  | { kind: 'failed'; reason: string };

/**
 * The payment provider as the order flow sees it (decision 0020), `app.payments`. Modules reach
 * it through the decoration; the payment rows through `payments.api.ts` (decision 0022).
 */
export interface Payments {
  /** Stored with each payment: 'sandbox' or 'paypal'. */
  readonly provider: 'sandbox' | 'paypal';
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  capture(input: CaptureOrderInput): Promise<CaptureOutcome>;
  /** A verified event, or undefined when it is not one (tampered, unsigned, the sandbox). */
  readWebhook(input: WebhookInput): Promise<VerifiedWebhook | undefined>;
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

function gateway(name: Payments['provider'], provider: PaymentProvider): Payments {
  return {
    provider: name,
    createOrder: (input) => provider.createOrder(input),
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
      amountCents: row.amountMinor,
      currencyCode: row.currencyCode,
      reference: row.reference,
      shopName: await shopNameOf(db, row.reference),
      cancelUrl: row.cancelUrl,
    };
  });
  registerRoute(app, checkoutRoutes.sandboxApprove, async ({ params }) => {
    const provider = requireSandbox();
    if (!(await provider.find(params.token))) throw AppError.notFound();
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
    const provider: PaymentProvider =
      settings.provider === 'paypal'
        ? new PayPalProvider({
            baseUrl: settings.baseUrl,
            clientId: settings.clientId,
            clientSecret: settings.clientSecret,
            webhookId: settings.webhookId,
          })
        : new SandboxProvider(app.database.db);
    const sandbox = provider instanceof SandboxProvider ? provider : undefined;
    app.decorate('payments', gateway(settings.provider, provider));
    sandboxRoutes(app, sandbox);
  },
  { name: 'payments' },
);
