import type { TLanguage } from '@linkstore/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { translate } from '../../platform/i18n/translate';
import { shops } from '../shops/shops.table';
import { marketingConsents } from './marketing.table';

/**
 * The sentence next to the checkout's box, as the buyer saw it: the storefront shows the same key
 * (`checkout.marketingConsent`) in the same language with the shop's name, and a test holds the
 * two texts equal.
 */
export function consentWording(lang: TLanguage, shopName: string): string {
  return translate(lang, 'checkout.marketingConsent', { shop: shopName });
}

export interface ConsentInput {
  shopId: number;
  shopName: string;
  /** As typed at checkout; kept lower-cased. */
  email: string;
  orderId: number;
  language: TLanguage;
  at: Date;
}

/**
 * Records a buyer's consent, in the caller's transaction (the checkout's, with the order): the
 * shop's subscriber with the order, the exact wording, the language and the time. One row per
 * shop and email: a later consent refreshes it; one given after an unsubscribe subscribes again
 * (a new "since"), since the buyer ticked the box again.
 */
export async function recordMarketingConsent(db: AppDatabase, input: ConsentInput): Promise<void> {
  const at = input.at;
  await db
    .insert(marketingConsents)
    .values({
      shopId: input.shopId,
      email: input.email.trim().toLowerCase(),
      orderId: input.orderId,
      wording: consentWording(input.language, input.shopName),
      language: input.language,
      subscribedAt: at,
      consentedAt: at,
    })
    .onConflictDoUpdate({
      target: [marketingConsents.shopId, marketingConsents.email],
      set: {
        orderId: sql`excluded.order_id`,
        wording: sql`excluded.wording`,
        language: sql`excluded.language`,
        consentedAt: sql`excluded.consented_at`,
        subscribedAt: sql`case when ${marketingConsents.unsubscribedAt} is null then ${marketingConsents.subscribedAt} else excluded.subscribed_at end`,
        unsubscribedAt: null,
      },
    });
}

/** A subscription with its shop's name, for the unsubscribe link; `lock` for the change. */
export async function findSubscription(db: AppDatabase, id: number) {
  const [row] = await db
    .select({
      id: marketingConsents.id,
      shopName: shops.name,
      unsubscribedAt: marketingConsents.unsubscribedAt,
    })
    .from(marketingConsents)
    .innerJoin(shops, eq(shops.id, marketingConsents.shopId))
    .where(eq(marketingConsents.id, id));
  return row;
}

/** Unsubscribes at `now`, unless it already was (the first time is kept). */
export async function markUnsubscribed(db: AppDatabase, id: number, now: Date): Promise<void> {
  await db
    .update(marketingConsents)
    .set({ unsubscribedAt: now })
    .where(and(eq(marketingConsents.id, id), isNull(marketingConsents.unsubscribedAt)));
}

/** The subscribed rows of the shop `ownerUserId` owns; nothing of any other shop. */
const ownSubscribed = (ownerUserId: number) =>
  and(eq(shops.ownerUserId, ownerUserId), isNull(marketingConsents.unsubscribedAt));

export interface SubscriberRow {
  email: string;
  subscribedAt: Date;
  consentedAt: Date;
  language: string;
  wording: string;
}

const subscriberColumns = {
  email: marketingConsents.email,
  subscribedAt: marketingConsents.subscribedAt,
  consentedAt: marketingConsents.consentedAt,
  language: marketingConsents.language,
  wording: marketingConsents.wording,
};

/** A page of the caller's shop's subscribers, newest first, and how many there are. */
export async function listSubscribers(
  db: AppDatabase,
  ownerUserId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(subscriberColumns)
      .from(marketingConsents)
      .innerJoin(shops, eq(shops.id, marketingConsents.shopId))
      .where(ownSubscribed(ownerUserId))
      .orderBy(desc(marketingConsents.subscribedAt), desc(marketingConsents.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db
      .select({ total: count() })
      .from(marketingConsents)
      .innerJoin(shops, eq(shops.id, marketingConsents.shopId))
      .where(ownSubscribed(ownerUserId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every subscriber of the caller's shop (the export), oldest first, at most `limit`. */
export function allSubscribers(
  db: AppDatabase,
  ownerUserId: number,
  limit: number,
): Promise<SubscriberRow[]> {
  return db
    .select(subscriberColumns)
    .from(marketingConsents)
    .innerJoin(shops, eq(shops.id, marketingConsents.shopId))
    .where(ownSubscribed(ownerUserId))
    .orderBy(asc(marketingConsents.subscribedAt), asc(marketingConsents.id))
    .limit(limit);
}
