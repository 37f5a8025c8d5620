import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import type { Storages } from '../../platform/storage/storage-plugin';
import type { OrderLinksHandle } from '../orders/orders.api';
import type { RefundsDeps } from '../refunds/refunds.api';

/** What the cases module is given; all of it required. */
export interface CasesDeps {
  db: AppDatabase;
  /** Every step of a case is mailed to the buyer (queued in the step's transaction). */
  mailer: Mailer;
  /** Reports and replies per client address. */
  limiter: RateLimiter;
  /** The order link: the buyer's credential, and the line that ends every mail. */
  orderLinks: OrderLinksHandle;
  /** Where the buyer's photos are kept (private images of the files module). */
  storages: Storages;
  log: FastifyBaseLogger;
  /** A case's refund is sent to the provider as an operator's refund is. */
  refunds: RefundsDeps;
}

/** Reports and replies per client address and hour: a buyer with a few problems, not a script. */
export const CASE_LIMIT_IP = { max: 10, windowMs: 60 * 60_000 } as const;

export const DAY_MS = 24 * 60 * 60_000;
