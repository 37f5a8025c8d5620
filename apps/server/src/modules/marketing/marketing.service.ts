import {
  ErrorCode,
  formatMoney,
  normalizeLanguage,
  variantTitle,
  type TLanguage,
  type TSubscriberPage,
  type TUnsubscribeAnswer,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import { csvField, csvFile } from '../../platform/xlsx/csv';
import { allSubscribers, findSubscription, listSubscribers, markUnsubscribed } from './consents.repository';
import { claimDueOrders, listItems, type DueOrder } from './reminders.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';
import { withHtml } from '../../platform/mail/html-mail';

/** The setting: minutes an unpaid order waits before its buyer (who consented) is reminded. */
export const REMINDER_DELAY_KEY = 'ABANDONED_CHECKOUT_REMINDER_MINUTES';
export const REMINDER_DELAY_DEFAULT = 60;
/** At most a day: a reminder much later than that finds the order too old to resume anyway. */
const REMINDER_DELAY_MAX = 24 * 60;
/**
 * Orders due longer than this are not reminded any more (the job was off, the setting changed):
 * a reminder days late helps nobody.
 */
export const REMINDER_WINDOW_MS = 48 * 60 * 60_000;
/** Orders one transaction claims. */
const BATCH = 50;
/** The most subscribers one export holds (more is refused, never cut short silently). */
export const SUBSCRIBERS_EXPORT_MAX = 200_000;

const MINUTE_MS = 60_000;

/** The setting's value: whole minutes, 1 to a day; anything else is the default. */
export function readReminderDelay(get: (key: string) => string | undefined): number {
  const value = get(REMINDER_DELAY_KEY);
  if (value === undefined || !/^\s*\d{1,4}\s*$/.test(value)) return REMINDER_DELAY_DEFAULT;
  const minutes = Number(value);
  return minutes >= 1 && minutes <= REMINDER_DELAY_MAX ? minutes : REMINDER_DELAY_DEFAULT;
}

export interface ReminderMailInput {
  lang: TLanguage;
  shopName: string;
  items: { title: string; variantLabel: string; quantity: number }[];
  totalMinor: number;
  currencyCode: string;
  /** The buyer's order page: it offers "Complete payment". */
  orderUrl: string;
  /** The one-click unsubscribe address (RFC 8058), also written in the body. */
  unsubscribeUrl: string;
}

/** The marketing headers of RFC 8058: a mail client's "Unsubscribe" posts to the link at once. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The reminder in the buyer's language: the shop, the items, the total and the way back to pay. */
export function composeReminder(to: string, input: ReminderMailInput): MailMessage {
  const { lang, shopName } = input;
  const items = input.items
    .map((item) =>
      translate(lang, 'mail.checkoutReminder.line', {
        quantity: item.quantity,
        product: variantTitle(item.title, item.variantLabel),
      }),
    )
    .join('\n');
  const body = translate(lang, 'mail.checkoutReminder.body', {
    shop: shopName,
    items,
    total: formatMoney(input.totalMinor, input.currencyCode, lang),
    url: input.orderUrl,
  });
  const footer = translate(lang, 'mail.marketing.footer', { shop: shopName, url: input.unsubscribeUrl });
  return withHtml(
    {
      to,
      subject: translate(lang, 'mail.checkoutReminder.subject', { shop: shopName }),
      text: `${body}\n\n--\n${footer}`,
      headers: unsubscribeHeaders(input.unsubscribeUrl),
    },
    lang,
    { name: shopName },
  );
}

export interface MarketingDeps {
  db: AppDatabase;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  /** The server's public address (`PUBLIC_URL`): the unsubscribe links are the API's. */
  publicUrl: string;
  /** The buyer's order page (`app.orderLinks`). */
  orderLinks: { urlFor(order: { id: number; shopSlug: string; language: string }): string };
  /** The setting, read on every run so a change applies at once. */
  delayMinutes: () => number;
}

export function createMarketingService(deps: MarketingDeps) {
  const { db } = deps;

  /** The unsubscribe link of subscription `consentId`, in the language of the mail that carries it. */
  function unsubscribeUrl(consentId: number, lang: TLanguage): string {
    return `${deps.publicUrl}/api/v1/public/marketing/unsubscribe/${deps.tokens.sign(consentId)}?lang=${lang}`;
  }

  function mailFor(order: DueOrder, items: ReminderMailInput['items']): MailMessage {
    const lang = normalizeLanguage(order.language);
    return composeReminder(order.email, {
      lang,
      shopName: order.shopName,
      items,
      totalMinor: order.totalMinor,
      currencyCode: order.currencyCode,
      orderUrl: deps.orderLinks.urlFor({ id: order.orderId, shopSlug: order.shopSlug, language: lang }),
      unsubscribeUrl: unsubscribeUrl(order.consentId, lang),
    });
  }

  /** Claims one batch and queues its mails, in one transaction: the mails exist exactly when the claim commits. */
  async function remindBatch(now: Date): Promise<number> {
    const dueBefore = new Date(now.getTime() - deps.delayMinutes() * MINUTE_MS);
    const notBefore = new Date(dueBefore.getTime() - REMINDER_WINDOW_MS);
    return withTransaction(db, async (tx) => {
      const due = await claimDueOrders(tx, { now, dueBefore, notBefore }, BATCH);
      if (due.length === 0) return 0;
      const items = await listItems(
        tx,
        due.map((order) => order.orderId),
      );
      for (const order of due) {
        const own = items.filter((item) => item.orderId === order.orderId);
        await deps.mailer.send(mailFor(order, own), { db: tx });
      }
      return due.length;
    });
  }

  const invalidLink = () => AppError.of(ErrorCode.UNSUBSCRIBE_LINK_INVALID, 'marketing.unsubscribeInvalid');

  /** The subscription a link names, or the refusal (tampered, or its shop is gone). */
  async function subscriptionOf(token: string) {
    const id = deps.tokens.verify(token);
    const found = id === undefined ? undefined : await findSubscription(db, id);
    if (!found) throw invalidLink();
    return found;
  }

  return {
    /**
     * Mails one reminder to every unpaid order due one (see claimDueOrders), a batch per
     * transaction; answers how many orders it reminded.
     */
    async run(now: Date = new Date()): Promise<number> {
      let total = 0;
      for (;;) {
        const reminded = await remindBatch(now);
        total += reminded;
        if (reminded < BATCH) return total;
      }
    },

    /** One-click unsubscribe: honoured at once (every claim after it leaves the buyer out); again is fine. */
    async unsubscribe(token: string, now: Date = new Date()): Promise<TUnsubscribeAnswer> {
      const found = await subscriptionOf(token);
      await markUnsubscribed(db, found.id, now);
      return { unsubscribed: true, shop: { name: found.shopName } };
    },

    /** What the link's page shows: the shop, and whether the address is unsubscribed already. */
    async subscription(token: string): Promise<{ shopName: string; unsubscribed: boolean }> {
      const found = await subscriptionOf(token);
      return { shopName: found.shopName, unsubscribed: found.unsubscribedAt !== null };
    },

    /** The caller's shop's subscribers, newest first. */
    async subscribers(
      ownerUserId: number,
      page: { pageNum: number; pageSize: number },
    ): Promise<TSubscriberPage> {
      const { rows, total } = await listSubscribers(db, ownerUserId, page);
      return {
        list: rows.map((row) => ({
          email: row.email,
          since: row.subscribedAt.toISOString(),
          language: normalizeLanguage(row.language),
        })),
        total,
      };
    },

    /**
     * The caller's shop's subscribers as CSV, headed in the caller's language: email, since,
     * language, the consent's wording and its time. Every text cell a spreadsheet would run as a
     * formula is kept text (an address may start with `+` or `-`).
     */
    async exportSubscribers(ownerUserId: number, lang: TLanguage): Promise<Buffer> {
      const rows = await allSubscribers(db, ownerUserId, SUBSCRIBERS_EXPORT_MAX + 1);
      if (rows.length > SUBSCRIBERS_EXPORT_MAX) {
        throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'marketing.export.tooMany', {
          max: SUBSCRIBERS_EXPORT_MAX,
        });
      }
      const text = (value: string) => csvField(value, { text: true });
      const columns = ['email', 'since', 'language', 'wording', 'consentedAt'] as const;
      return csvFile([
        columns.map((column) => text(translate(lang, `marketing.export.column.${column}`))),
        ...rows.map((row) => [
          text(row.email),
          text(row.subscribedAt.toISOString()),
          text(row.language),
          text(row.wording),
          text(row.consentedAt.toISOString()),
        ]),
      ]);
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
