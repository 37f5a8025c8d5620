import { randomUUID } from 'node:crypto';
import type { TLanguage } from '@linkstore/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { sandboxOrders, sandboxRefunds } from './payments.table';
import {
  breakdownProblem,
  PaymentProviderError,
  type CaptureOrderInput,
  type CaptureResult,
  type CreatedOrder,
  type CreateOrderInput,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderOrderStatus,
  type ProviderRefund,
  type RefundInput,
  type TrackingInput,
  type WebhookVerification,
} from './payment-provider';

export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;

/** The local approval page: `/payauth?token=<id>`. */
export const sandboxApproveUrl = (id: string, language: TLanguage) =>
  `/payauth?token=${encodeURIComponent(id)}&lang=${language}`;

const unprocessable = (issue: string) =>
  new PaymentProviderError(issue, 422, 'UNPROCESSABLE_ENTITY', false, [issue]);

const notFound = () =>
  new PaymentProviderError('No such sandbox order', 404, 'RESOURCE_NOT_FOUND', false, [
    'INVALID_RESOURCE_ID',
  ]);

function captureOf(row: SandboxOrderRow): CaptureResult {
  return {
    status: 'COMPLETED',
    captureId: row.captureId ?? '',
    capturedMinor: row.amountMinor,
    currencyCode: row.currencyCode,
  };
}

/**
 * The offline default provider (decisions 0018, 0020): the buyer "approves" on the local
 * page `/payauth`, so checkout works with no network and no PayPal account; no money moves. Its
 * orders live in `sandbox_orders`, so an approval survives a restart and works across processes.
 * It behaves like PayPal where the order flow depends on it: a request id always yields the same
 * order or capture, capture needs approval, and every state change is a conditional update, so
 * two concurrent calls cannot both move an order.
 */
export class SandboxProvider implements PaymentProvider {
  constructor(private readonly db: AppDatabase) {}

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    // Refused as PayPal refuses it: the offline default catches a total that does not add up too.
    const problem = input.lines && breakdownProblem(input.amount, input.lines);
    if (problem) throw unprocessable(problem);
    await this.db
      .insert(sandboxOrders)
      .values({
        id: `SB-${randomUUID()}`,
        requestId: input.requestId,
        status: 'CREATED',
        amountMinor: input.amount.valueMinor,
        currencyCode: input.amount.currencyCode,
        reference: input.reference,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
      })
      .onConflictDoNothing({ target: sandboxOrders.requestId });
    // The row this request id made, now or on an earlier call.
    const [row] = await this.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.requestId, input.requestId));
    if (!row) throw notFound();
    return { providerOrderId: row.id, approveUrl: sandboxApproveUrl(row.id, input.language) };
  }

  /**
   * The sandbox has no buyer's account to show tracking in: an order of its own must be captured,
   * as PayPal asks; a payment it never made (the scale seed's) has nowhere to be told.
   */
  async addTracking(input: TrackingInput): Promise<void> {
    const [row] = await this.db
      .select({ status: sandboxOrders.status })
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, input.providerOrderId));
    if (row && row.status !== 'COMPLETED') throw unprocessable('ORDER_NOT_CAPTURED');
  }

  async getOrder(providerOrderId: string): Promise<ProviderOrder> {
    const row = await this.require(providerOrderId);
    return {
      providerOrderId: row.id,
      status: row.status as ProviderOrderStatus,
      amount: { currencyCode: row.currencyCode, valueMinor: row.amountMinor },
      reference: row.reference ?? undefined,
      capture: row.captureId ? captureOf(row) : undefined,
    };
  }

  /** The order as the approval page shows it; undefined when there is none. */
  async find(providerOrderId: string): Promise<SandboxOrderRow | undefined> {
    const [row] = await this.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, providerOrderId));
    return row;
  }

  /**
   * The buyer approves on the local page: CREATED → APPROVED (again is harmless). Answers where to
   * send the buyer — the return URL with `token` — as PayPal does; a captured order is refused.
   */
  async approve(providerOrderId: string): Promise<string> {
    await this.db
      .update(sandboxOrders)
      .set({ status: 'APPROVED' })
      .where(and(eq(sandboxOrders.id, providerOrderId), eq(sandboxOrders.status, 'CREATED')));
    const row = await this.require(providerOrderId);
    if (row.status !== 'APPROVED') throw unprocessable('ORDER_ALREADY_CAPTURED');
    return withToken(row.returnUrl, row.id);
  }

  async captureOrder({ providerOrderId, requestId }: CaptureOrderInput): Promise<CaptureResult> {
    const [captured] = await this.db
      .update(sandboxOrders)
      .set({ status: 'COMPLETED', captureId: `SBC-${randomUUID()}`, captureRequestId: requestId })
      .where(
        and(
          eq(sandboxOrders.id, providerOrderId),
          eq(sandboxOrders.status, 'APPROVED'),
          isNull(sandboxOrders.captureId),
        ),
      )
      .returning();
    if (captured) return captureOf(captured);
    // Not moved by this call: a replay of the same request id answers the first capture.
    const row = await this.require(providerOrderId);
    if (row.status === 'COMPLETED' && row.captureRequestId === requestId) return captureOf(row);
    throw unprocessable(row.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_NOT_APPROVED');
  }

  /**
   * Refunds part of a capture, like PayPal: the same request id answers the same refund; more than
   * the capture less its earlier refunds, or another currency, is refused (422). The capture's
   * order row is locked, so two concurrent refunds are counted one after the other. Completed at
   * once: no money moves in the sandbox.
   */
  async refundCapture(input: RefundInput): Promise<ProviderRefund> {
    return withTransaction(this.db, async (tx) => {
      const [order] = await tx
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.captureId, input.captureId))
        .for('update');
      if (!order) throw notFound();
      // After the lock: a concurrent call with the same request id has committed its refund.
      const [earlier] = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.requestId, input.requestId));
      if (earlier) return sandboxRefundOf(earlier);
      if (input.amount.currencyCode !== order.currencyCode) throw unprocessable('CURRENCY_MISMATCH');
      const [refunded] = await tx
        .select({ minor: sql<number>`coalesce(sum(${sandboxRefunds.amountMinor}), 0)::int`.mapWith(Number) })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.captureId, input.captureId));
      if (input.amount.valueMinor > order.amountMinor - (refunded?.minor ?? 0)) {
        throw unprocessable('REFUND_AMOUNT_EXCEEDED');
      }
      const [row] = await tx
        .insert(sandboxRefunds)
        .values({
          id: `SBR-${randomUUID()}`,
          requestId: input.requestId,
          captureId: input.captureId,
          amountMinor: input.amount.valueMinor,
          currencyCode: input.amount.currencyCode,
          customId: input.customId,
        })
        .returning();
      if (!row) throw notFound();
      return sandboxRefundOf(row);
    });
  }

  /** The sandbox sends no webhooks (the capture answer confirms payment), so none verifies. */
  verifyWebhook(): Promise<WebhookVerification> {
    return Promise.resolve({ verified: false });
  }

  private async require(providerOrderId: string): Promise<SandboxOrderRow> {
    const row = await this.find(providerOrderId);
    if (!row) throw notFound();
    return row;
  }
}

function sandboxRefundOf(row: typeof sandboxRefunds.$inferSelect): ProviderRefund {
  return {
    providerRefundId: row.id,
    status: 'COMPLETED',
    amount: { currencyCode: row.currencyCode, valueMinor: row.amountMinor },
    customId: row.customId ?? undefined,
    captureId: row.captureId,
  };
}

/**
 * Where approving a sandbox order leads (its return URL with `token`), once it is approved or
 * paid: the approval page of a finished payment sends the payer to the receipt with it. Null
 * while the order waits for approval.
 */
export function sandboxReceiptUrl(row: SandboxOrderRow): string | null {
  return row.status === 'CREATED' ? null : withToken(row.returnUrl, row.id);
}

/** `url` with `token=<id>` added; a relative URL stays relative. */
function withToken(returnUrl: string, id: string): string {
  const url = new URL(returnUrl, 'http://sandbox.invalid');
  url.searchParams.set('token', id);
  return returnUrl.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
