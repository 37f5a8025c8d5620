import { z } from 'zod';
import { LANGUAGES } from '../platform/languages';
import { ZPage, ZPageQuery } from '../platform/page';

/*
 * Marketing consent (issue 35): a buyer who ticks "Email me news and offers from <shop>" at
 * checkout is kept as the shop's subscriber, with the wording they saw, their language and when;
 * every marketing mail carries a one-click unsubscribe link (RFC 8058), honoured at once.
 */

/** An unsubscribe link's token: `<subscription id, base 36>.<signature, base64url>`. */
export const ZUnsubscribeToken = z.string().regex(/^[1-9a-z][0-9a-z]{0,12}\.[A-Za-z0-9_-]{20,64}$/);
export const ZUnsubscribeParams = z.object({ token: ZUnsubscribeToken });
/** The link carries the language its mail was written in: the confirmation page speaks it. */
export const ZUnsubscribeQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
/**
 * The one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click` as a form; nothing of it is
 * needed (the token says who), so any form body is accepted.
 */
export const ZUnsubscribeAnswer = z.object({
  unsubscribed: z.literal(true),
  /** The shop whose mails stop. */
  shop: z.object({ name: z.string() }),
});
export type TUnsubscribeAnswer = z.infer<typeof ZUnsubscribeAnswer>;

/** One of the shop's subscribers, as the creator's studio lists them. */
export const ZSubscriber = z.object({
  email: z.string(),
  /** Subscribed since (the first consent since the last unsubscribe). */
  since: z.string(),
  /** The language they bought and consented in. */
  language: z.enum(LANGUAGES),
});
export type TSubscriber = z.infer<typeof ZSubscriber>;

export const ZSubscribersQuery = ZPageQuery;
export type TSubscribersQuery = z.input<typeof ZSubscribersQuery>;
export const ZSubscriberPage = ZPage(ZSubscriber);
export type TSubscriberPage = z.infer<typeof ZSubscriberPage>;
