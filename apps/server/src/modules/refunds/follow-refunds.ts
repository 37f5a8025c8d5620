import { RETRY_AFTER_MS, type RefundsDeps } from './refund-deps';
import { findForMail, listRetryable } from './refunds.repository';
import { sendRefund } from './send-refund';

/**
 * The follow-up job: operator refunds still pending without an answer (a timeout, a 5xx, a crash
 * before the call) are sent again with the same request id. Answers how many it sent.
 */
export async function followRefunds(deps: RefundsDeps, now = new Date()): Promise<number> {
  const due = await listRetryable(deps.db, new Date(now.getTime() - RETRY_AFTER_MS));
  for (const refund of due) {
    const order = await findForMail(deps.db, refund.orderId);
    await sendRefund(deps, refund, order?.orderNo ?? '').catch((err: unknown) => {
      deps.log.error({ err, refundId: refund.id }, 'Refund retry failed');
    });
  }
  return due.length;
}
