import type { QUEUED_JOB_NAMES, TShippingCarrier } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { PaymentProviderError, type Payments } from '../payments/payments.api';
import { findOrderByNo } from './checkout.repository';

/** The queued job that tells the payment provider a shipment's tracking (one per shipped order). */
export const TRACKING_JOB: (typeof QUEUED_JOB_NAMES)[number] = 'payment-tracking';

export interface TrackingJob {
  orderNo: string;
}

/**
 * Our carriers as PayPal's tracking API names them; a carrier PayPal lists under a country code we
 * do not keep, or none, goes as `OTHER` with its name.
 */
const PAYPAL_CARRIERS: Record<TShippingCarrier, { carrier: string; other?: string }> = {
  usps: { carrier: 'USPS' },
  ups: { carrier: 'UPS' },
  fedex: { carrier: 'FEDEX' },
  dhl: { carrier: 'DHL' },
  'royal-mail': { carrier: 'ROYAL_MAIL' },
  'canada-post': { carrier: 'CANADA_POST' },
  'china-post': { carrier: 'CHINA_POST' },
  correos: { carrier: 'OTHER', other: 'Correos' },
  'la-poste': { carrier: 'OTHER', other: 'La Poste' },
  other: { carrier: 'OTHER', other: 'Other' },
};

/**
 * Sends a shipped order's carrier and tracking number to the provider its buyer paid through:
 * PayPal's Seller Protection covers an "item not received" claim only with tracking on the
 * capture. Queued in the transaction that marks the order shipped (nothing shipped goes untold),
 * retried with the queue's backoff until the provider accepts it; the request id `track:<order no>:
 * <number>` makes a retry after a lost answer add nothing twice, and a number the provider already
 * has is done. An order without a capture, or paid through another provider than the one
 * configured now, has nothing to tell.
 */
export async function sendTracking(
  deps: { db: AppDatabase; payments: Payments },
  { orderNo }: TrackingJob,
): Promise<'sent' | 'already' | 'nothing'> {
  const found = await findOrderByNo(deps.db, orderNo);
  const { order, payment } = found ?? {};
  if (!order?.carrier || !order.trackingNo || !payment?.captureId) return 'nothing';
  if (payment.provider !== deps.payments.provider) return 'nothing';
  const carrier = PAYPAL_CARRIERS[order.carrier as TShippingCarrier] ?? PAYPAL_CARRIERS.other;
  try {
    await deps.payments.addTracking({
      providerOrderId: payment.providerOrderId,
      captureId: payment.captureId,
      trackingNumber: order.trackingNo,
      carrier: carrier.carrier,
      carrierNameOther: carrier.other,
      requestId: `track:${order.orderNo}:${order.trackingNo}`,
    });
    return 'sent';
  } catch (error) {
    if (error instanceof PaymentProviderError && error.issues.includes('DUPLICATE_TRACKING_NUMBER'))
      return 'already';
    throw error;
  }
}

/** Registers the tracking job with the app's queue. */
export function defineTrackingJob(app: FastifyInstance): void {
  app.jobs.define<TrackingJob>({
    name: TRACKING_JOB,
    run: (job) => sendTracking({ db: app.database.db, payments: app.payments }, job),
  });
}
