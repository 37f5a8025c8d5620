import type { TCreatorMailSettings, TCreatorMailSettingsRequest, TLanguage } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import {
  composeDigest,
  composePayout,
  composeRefund,
  composeSale,
  formatMoment,
  type StudioLinks,
} from './creator-mails.compose';
import {
  claimDigest,
  findContact,
  findSettings,
  listDueDigests,
  listPaidOrders,
  shopNameOf,
  shopNameOfOwner,
  upsertSettings,
  type CreatorContact,
  type DigestCandidate,
} from './creator-mails.repository';

const HOUR_MS = 3_600_000;
/** A creator's digest is due this long after the last one. */
export const DIGEST_EVERY_MS = 24 * HOUR_MS;
/**
 * The digest's window ends this long before the run: an order is stamped paid when its
 * transaction starts, so one committing just after the run would otherwise fall between windows.
 */
export const DIGEST_SETTLE_MS = 5 * 60_000;
/** Creators read per page of candidates. */
const DIGEST_PAGE = 100;

/** A buyer's order just paid (in the transaction that marks it paid). */
export interface SaleMail {
  orderNo: string;
  ownerUserId: number;
  shopId: number;
  totalMinor: number;
  profitMinor: number;
  currencyCode: string;
}

/** A payout settled as sent (paid) or as returned (failed, refused, or came back after paying). */
export interface PayoutMail {
  kind: 'sent' | 'returned';
  payoutId: number;
  userId: number;
  shopId: number;
  amountMinor: number;
  currencyCode: string;
  reason?: string | null;
}

/** A refund completed on a creator's order, with what of their profit it took back. */
export interface RefundMail {
  orderNo: string;
  ownerUserId: number;
  shopId: number;
  amountMinor: number;
  profitReversedMinor: number;
  currencyCode: string;
}

export interface CreatorMailsDeps {
  db: AppDatabase;
  mailer: Mailer;
  links: StudioLinks;
}

export function createCreatorMailsService(deps: CreatorMailsDeps) {
  const { db, mailer, links } = deps;

  /**
   * The creator's settings and address when `wants` says this mail is on for them; null when it
   * is not (or they have no address to write to).
   */
  async function recipient(
    tx: AppDatabase,
    userId: number,
    wants: (settings: TCreatorMailSettings) => boolean,
  ): Promise<{ settings: TCreatorMailSettings; contact: CreatorContact } | null> {
    const settings = await findSettings(tx, userId);
    if (!wants(settings)) return null;
    const contact = await findContact(tx, userId);
    return contact ? { settings, contact } : null;
  }

  /** Queued in `tx`: the mail exists exactly when the change that asks for it commits. */
  const queue = (tx: AppDatabase, message: MailMessage) => mailer.send(message, { db: tx });

  /** One creator's digest, in its own transaction: claimed, listed and queued together. */
  async function digestOf(candidate: DigestCandidate, now: Date): Promise<boolean> {
    return withTransaction(db, async (tx) => {
      const to = new Date(now.getTime() - DIGEST_SETTLE_MS);
      const from = candidate.digestFrom ?? candidate.lastDigestAt ?? new Date(to.getTime() - DIGEST_EVERY_MS);
      const claimed = await claimDigest(tx, candidate, {
        dueBefore: new Date(now.getTime() - DIGEST_EVERY_MS),
        lastDigestAt: now,
        // The next window starts where this one ends (never before where it started).
        digestFrom: to > from ? to : from,
      });
      if (!claimed || to <= from) return false;
      const orders = await listPaidOrders(tx, candidate.userId, { from, to });
      // Nothing paid: no mail, but the mark moved (the next digest is a day away).
      if (orders.length === 0) return false;
      const contact = await findContact(tx, candidate.userId);
      if (!contact) return false;
      const lang = candidate.language;
      await queue(
        tx,
        composeDigest(
          contact.email,
          {
            lang,
            shopName: await shopNameOfOwner(tx, candidate.userId),
            since: formatMoment(from, lang, contact.timeZone),
            orders,
          },
          links,
        ),
      );
      return true;
    });
  }

  return {
    getSettings: (userId: number) => findSettings(db, userId),

    /** Saves the creator's choice; the mails are written in `lang` (the studio's) from now on. */
    saveSettings: (userId: number, body: TCreatorMailSettingsRequest, lang: TLanguage, now = new Date()) =>
      upsertSettings(db, userId, { ...body, language: lang }, now),

    /** A buyer's order was paid: mailed now to a creator on `each`; a digest creator's waits for it. */
    async queueSaleMail(tx: AppDatabase, sale: SaleMail): Promise<void> {
      const to = await recipient(tx, sale.ownerUserId, (s) => s.sales === 'each');
      if (!to) return;
      const lang = to.settings.language;
      const shopName = await shopNameOf(tx, sale.shopId);
      await queue(tx, composeSale(to.contact.email, { lang, shopName, ...sale }, links));
    },

    async queuePayoutMail(tx: AppDatabase, payout: PayoutMail): Promise<void> {
      const to = await recipient(tx, payout.userId, (s) => s.payouts);
      if (!to) return;
      const lang = to.settings.language;
      const shopName = await shopNameOf(tx, payout.shopId);
      await queue(
        tx,
        composePayout(
          to.contact.email,
          {
            lang,
            shopName,
            kind: payout.kind,
            payoutId: payout.payoutId,
            amountMinor: payout.amountMinor,
            currencyCode: payout.currencyCode,
            reason: payout.reason ?? null,
          },
          links,
        ),
      );
    },

    async queueRefundMail(tx: AppDatabase, refund: RefundMail): Promise<void> {
      const to = await recipient(tx, refund.ownerUserId, (s) => s.refunds);
      if (!to) return;
      const lang = to.settings.language;
      const shopName = await shopNameOf(tx, refund.shopId);
      await queue(tx, composeRefund(to.contact.email, { lang, shopName, ...refund }, links));
    },

    /**
     * The hourly digest run: every creator on the digest whose last one is at least a day old (or
     * who never had one) gets the orders paid since, each creator in its own transaction and
     * claimed with a conditional update, so two runs at once mail each creator once. Answers how
     * many digests it queued.
     */
    async runDigests(now: Date = new Date()): Promise<number> {
      const dueBefore = new Date(now.getTime() - DIGEST_EVERY_MS);
      let sent = 0;
      let after = 0;
      for (;;) {
        const page = await listDueDigests(db, dueBefore, after, DIGEST_PAGE);
        for (const candidate of page) if (await digestOf(candidate, now)) sent += 1;
        if (page.length < DIGEST_PAGE) return sent;
        after = page.at(-1)?.userId ?? after;
      }
    },
  };
}

export type CreatorMailsService = ReturnType<typeof createCreatorMailsService>;
