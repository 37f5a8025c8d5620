// The creator-mails module's face: what other modules may use (decision 0022). The modules that
// change a sale, a payout or a refund queue the creator's mail through `app.creatorMails` (plugin
// `creator-mails`, declared as a dependency), passing their transaction: the mail is queued only
// if their change commits, and only when the creator's settings ask for it.
import type { AppDatabase } from '../../platform/db/database';
import type { PayoutMail, RefundMail, SaleMail } from './creator-mails.service';

export type { PayoutMail, RefundMail, SaleMail } from './creator-mails.service';

export interface CreatorMailsHandle {
  /** A buyer's order was paid (side 'c'): a mail now for a creator on `each`, else nothing. */
  queueSaleMail(tx: AppDatabase, sale: SaleMail): Promise<void>;
  /** A payout was sent (paid) or came back (returned): mailed when the creator's payout mails are on. */
  queuePayoutMail(tx: AppDatabase, payout: PayoutMail): Promise<void>;
  /** A refund completed on the creator's order: mailed when their refund mails are on. */
  queueRefundMail(tx: AppDatabase, refund: RefundMail): Promise<void>;
  /** The daily digests due at `now` (the hourly job; tests call it with their clock). */
  runDigests(now?: Date): Promise<number>;
}
