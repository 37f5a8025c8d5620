import { randomUUID } from 'node:crypto';
import {
  PaymentProviderError,
  type CaptureOrderInput,
  type CaptureResult,
  type CreatedOrder,
  type CreateOrderInput,
  type PaymentProvider,
  type ProviderOrder,
  type WebhookVerification,
} from './payment-provider';

interface SandboxOrder {
  order: ProviderOrder;
  returnUrl: string;
  capture?: CaptureResult;
}

/**
 * The offline default provider (DESIGN.md §4): the buyer "approves" on a local page at
 * `/payauth/sandbox/<id>`, so checkout works with no network and no PayPal account. Orders live
 * in memory for now; they move to the database when the order flow is wired. It behaves like
 * PayPal where the order flow depends on it: request ids are idempotent, capture needs approval.
 */
export class SandboxProvider implements PaymentProvider {
  private readonly orders = new Map<string, SandboxOrder>();
  /** Request id → provider order id (create) or capture (capture). */
  private readonly created = new Map<string, string>();
  private readonly captured = new Map<string, CaptureResult>();

  createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    let id = this.created.get(input.requestId);
    if (!id) {
      id = `SB-${randomUUID()}`;
      this.created.set(input.requestId, id);
      this.orders.set(id, {
        order: {
          providerOrderId: id,
          status: 'CREATED',
          amount: { ...input.amount },
          reference: input.reference,
        },
        returnUrl: input.returnUrl,
      });
    }
    return Promise.resolve({ providerOrderId: id, approveUrl: `/payauth/sandbox/${encodeURIComponent(id)}` });
  }

  getOrder(providerOrderId: string): Promise<ProviderOrder> {
    return Promise.resolve({ ...this.find(providerOrderId).order });
  }

  /** The local approval page calls this; returns where to send the buyer, as PayPal would. */
  approve(providerOrderId: string): string {
    const entry = this.find(providerOrderId);
    if (entry.order.status === 'CREATED') entry.order.status = 'APPROVED';
    const url = new URL(entry.returnUrl, 'http://sandbox.invalid');
    url.searchParams.set('token', providerOrderId);
    return entry.returnUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
  }

  captureOrder({ providerOrderId, requestId }: CaptureOrderInput): Promise<CaptureResult> {
    const replay = this.captured.get(`${providerOrderId}:${requestId}`);
    if (replay) return Promise.resolve({ ...replay });
    const entry = this.find(providerOrderId);
    if (entry.order.status !== 'APPROVED') {
      const issue = entry.order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_NOT_APPROVED';
      return Promise.reject(new PaymentProviderError(issue, 422, 'UNPROCESSABLE_ENTITY', false, [issue]));
    }
    entry.order.status = 'COMPLETED';
    entry.capture = {
      status: 'COMPLETED',
      captureId: `SBC-${randomUUID()}`,
      capturedMinor: entry.order.amount.valueMinor,
      currencyCode: entry.order.amount.currencyCode,
    };
    this.captured.set(`${providerOrderId}:${requestId}`, entry.capture);
    return Promise.resolve({ ...entry.capture });
  }

  /** The sandbox sends no webhooks (the capture answer confirms payment), so none verifies. */
  verifyWebhook(): Promise<WebhookVerification> {
    return Promise.resolve({ verified: false });
  }

  private find(providerOrderId: string): SandboxOrder {
    const entry = this.orders.get(providerOrderId);
    if (!entry) {
      throw new PaymentProviderError('No such sandbox order', 404, 'RESOURCE_NOT_FOUND', false, [
        'INVALID_RESOURCE_ID',
      ]);
    }
    return entry;
  }
}
