import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, normalizeLanguage, type TLanguage, type TReviewInvite } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { insertReview } from '../catalog/catalog.api';
import { orderLinkLine, type OrderLinksHandle } from '../orders/orders.api';
import {
  claimDueOrders,
  findInvite,
  insertInvites,
  listReviewableItems,
  markInviteUsed,
  type ClaimedOrder,
} from './review-invites.repository';
import { withHtml } from '../../platform/mail/html-mail';

/** The setting: days after shipping an order counts as delivered; 0 invites with the shipping. */
export const REVIEW_INVITE_DAYS_KEY = 'REVIEW_INVITE_DAYS';
export const REVIEW_INVITE_DAYS_DEFAULT = 7;
const REVIEW_INVITE_DAYS_MAX = 365;
/** An order whose delivery day is further back than this is not invited any more (too late to ask). */
export const INVITE_WINDOW_DAYS = 30;
/** How long a review link works. */
export const LINK_DAYS = 60;
/** Orders one transaction claims. */
const BATCH = 50;
/** Review submissions per IP address in a window, like the other public posts. */
export const REVIEW_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

const DAY_MS = 24 * 60 * 60_000;

/** The setting's value: a whole number of days, 0–365; anything else is the default. */
export function readInviteDays(get: (key: string) => string | undefined): number {
  const value = get(REVIEW_INVITE_DAYS_KEY);
  if (value === undefined || !/^\s*\d{1,3}\s*$/.test(value)) return REVIEW_INVITE_DAYS_DEFAULT;
  const days = Number(value);
  return days <= REVIEW_INVITE_DAYS_MAX ? days : REVIEW_INVITE_DAYS_DEFAULT;
}

/** Only the token's SHA-256 is stored; the token is in the buyer's mail. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface InviteMailInput {
  lang: TLanguage;
  orderNo: string;
  shopName: string;
  items: { title: string; url: string }[];
  /** The buyer's order page. */
  orderUrl: string;
}

/** The buyer's invitation in their checkout language: one line and link per item. */
export function composeInvite(to: string, input: InviteMailInput): MailMessage {
  const { lang } = input;
  const items = input.items
    .map((item) => translate(lang, 'mail.reviewInvite.line', { product: item.title, url: item.url }))
    .join('\n\n');
  const values = { orderNo: input.orderNo, shop: input.shopName, items, days: LINK_DAYS };
  return withHtml(
    {
      to,
      subject: translate(lang, 'mail.reviewInvite.subject', values),
      text: `${translate(lang, 'mail.reviewInvite.body', values)}\n\n${orderLinkLine(lang, input.orderUrl)}`,
    },
    lang,
    { name: input.shopName },
  );
}

export interface ReviewInvitesDeps {
  db: AppDatabase;
  mailer: Mailer;
  log: { error(details: object, message: string): void };
  limiter: RateLimiter;
  /** The shop's public link for a slug (`shopLinkFor`). */
  shopLink: (slug: string) => string;
  /** The setting, read on every run so a change applies at once. */
  inviteDays: () => number;
  /** The buyer's order page. */
  orderLinks: Pick<OrderLinksHandle, 'urlFor'>;
}

export function createReviewInvitesService(deps: ReviewInvitesDeps) {
  const { db } = deps;

  function invalid(): AppError {
    return AppError.of(ErrorCode.REVIEW_LINK_INVALID, 'review.linkInvalid');
  }

  /** Claims one batch, makes its links and queues their mails, in one transaction. */
  async function claimBatch(now: Date): Promise<{ claimed: number }> {
    const dueBefore = new Date(now.getTime() - deps.inviteDays() * DAY_MS);
    const notBefore = new Date(dueBefore.getTime() - INVITE_WINDOW_DAYS * DAY_MS);
    return withTransaction(db, async (tx) => {
      const orders = await claimDueOrders(tx, { now, dueBefore, notBefore }, BATCH);
      if (orders.length === 0) return { claimed: 0 };
      const items = await listReviewableItems(
        tx,
        orders.map((order) => order.id),
      );
      const expiresAt = new Date(now.getTime() + LINK_DAYS * DAY_MS);
      const links = items.map((item) => ({ item, token: randomBytes(32).toString('base64url') }));
      await insertInvites(
        tx,
        links.map(({ item, token }) => ({
          orderId: item.orderId,
          orderItemId: item.id,
          tokenHash: hashToken(token),
          expiresAt,
          createdAt: now,
        })),
      );
      // Queued in the claiming transaction: the mails exist exactly when the claim commits.
      for (const order of orders) {
        const own = links.filter((link) => link.item.orderId === order.id);
        if (own.length > 0) await deps.mailer.send(mailFor(order, own), { db: tx });
      }
      return { claimed: orders.length };
    });
  }

  function mailFor(order: ClaimedOrder, links: { item: { title: string }; token: string }[]): MailMessage {
    const lang = normalizeLanguage(order.language);
    const shop = deps.shopLink(order.shopSlug);
    return composeInvite(order.buyerEmail, {
      lang,
      orderNo: order.orderNo,
      shopName: order.shopName,
      items: links.map(({ item, token }) => ({
        title: item.title,
        url: `${shop}/review/${token}?lang=${lang}`,
      })),
      orderUrl: deps.orderLinks.urlFor({ id: order.id, shopSlug: order.shopSlug, language: order.language }),
    });
  }

  return {
    /**
     * Invites every delivered order not yet invited, a batch per transaction: the order is stamped
     * and its mail queued in the transaction that claims it (the job queue sends it, retrying
     * while the relay is away). Answers how many orders it claimed.
     */
    async run(now: Date = new Date()): Promise<number> {
      let total = 0;
      for (;;) {
        const { claimed } = await claimBatch(now);
        total += claimed;
        if (claimed < BATCH) return total;
      }
    },

    /** What the review page shows; an unknown, expired or refunded link is refused. */
    async invite(token: string, lang: TLanguage, now: Date = new Date()): Promise<TReviewInvite> {
      const row = await findInvite(db, hashToken(token), lang);
      if (!row || row.refunded || (row.usedAt === null && row.expiresAt <= now)) throw invalid();
      return {
        shop: { slug: row.shopSlug, name: row.shopName },
        product: { id: String(row.productId), title: row.productTitle, imageUrl: row.imageUrl },
        orderNo: row.orderNo,
        reviewed: row.usedAt !== null,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Stores the review for moderation, verified (tied to the order item), in the language the
     * buyer writes in; the link is used up in the same transaction. A second submit is refused.
     */
    async submit(
      token: string,
      review: { authorName: string; rating: number; body: string },
      context: { lang: TLanguage; ip: string },
      now: Date = new Date(),
    ): Promise<void> {
      const key = `review:ip:${context.ip}`;
      if ((await deps.limiter.hit(key, REVIEW_LIMIT.windowMs)) > REVIEW_LIMIT.max)
        throw AppError.rateLimited();
      const alreadyReviewed = () => AppError.of(ErrorCode.ALREADY_REVIEWED, 'review.alreadyReviewed');
      try {
        await withTransaction(db, async (tx) => {
          const row = await findInvite(tx, hashToken(token), context.lang, true);
          if (!row || row.refunded) throw invalid();
          if (row.usedAt !== null) throw alreadyReviewed();
          if (row.expiresAt <= now) throw invalid();
          if (!(await markInviteUsed(tx, row.id, now))) throw alreadyReviewed();
          await insertReview(tx, {
            productId: row.productId,
            orderItemId: row.orderItemId,
            authorName: review.authorName,
            rating: review.rating,
            body: review.body,
            language: context.lang,
            status: 0,
          });
        });
      } catch (err) {
        // The order item was reviewed another way (the unique index on reviews.order_item_id).
        if (isUniqueViolation(err)) throw alreadyReviewed();
        throw err;
      }
    },
  };
}

export type ReviewInvitesService = ReturnType<typeof createReviewInvitesService>;
