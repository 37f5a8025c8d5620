import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail/mailer';
import type { Realtime } from '../../platform/realtime/realtime-plugin';
import type { CreatorMailsHandle } from '../creator-mails/creator-mails.api';
import type { OrderLinksHandle } from '../orders/orders.api';
import type { Payments } from '../payments/payments.api';

/** What every refund operation is given; all of it required — none silently turns behaviour off. */
export interface RefundsDeps {
  db: AppDatabase;
  payments: Pick<Payments, 'provider' | 'refund'>;
  /** The buyer's "your refund" mail; and the order confirmation of an accepted flagged order. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * Tells the order's creator live (their earnings and Home read again), and — an accepted
   * flagged order being paid — operators watching flagged orders.
   */
  realtime: Pick<Realtime, 'toUser' | 'toTopic'>;
  /** The buyer's order page, linked from the refund mail and the confirmation. */
  orderLinks: Pick<OrderLinksHandle, 'urlFor'>;
  /**
   * The creator's mails (their settings decide): a completed refund on their order, and the sale
   * of an accepted flagged order. Queued in the transaction of the change.
   */
  creatorMails: Pick<CreatorMailsHandle, 'queueRefundMail' | 'queueSaleMail'>;
}

/** A pending refund without a provider answer is retried once it is this old (same request id). */
export const RETRY_AFTER_MS = 60_000;
