import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZSubscriberPage,
  ZSubscribersQuery,
  ZUnsubscribeAnswer,
  ZUnsubscribeParams,
  ZUnsubscribeQuery,
} from './marketing.schema';

const tags = ['marketing'] as const;
const signedIn = { permission: null };
const open = { public: true } as const;

/** The link in every marketing mail's `List-Unsubscribe` header and body. */
export const UNSUBSCRIBE_PATH = '/api/v1/public/marketing/unsubscribe/:token';

/**
 * The creator's subscribers (the caller's own shop only) and the one-click unsubscribe of the
 * marketing mails (public: the signed token says whose subscription).
 */
export const marketingRoutes = defineRoutes({
  subscribers: {
    method: 'GET',
    path: '/api/v1/marketing/subscribers',
    summary: "The buyers who agreed to the caller's shop's news and offers and did not unsubscribe",
    tags,
    query: ZSubscribersQuery,
    response: ZSubscriberPage,
    access: signedIn,
  },
  /** Answers the file itself (not the JSON envelope); errors still come as the envelope. */
  export: {
    method: 'GET',
    path: '/api/v1/marketing/subscribers/export',
    summary: "The caller's shop's subscribers as CSV (email, since, language, the consent's wording)",
    tags,
    response: z.null(),
    access: signedIn,
  },
  unsubscribe: {
    method: 'POST',
    path: UNSUBSCRIBE_PATH,
    summary: "One-click unsubscribe (RFC 8058): the shop's marketing mails stop at once; no sign-in",
    tags,
    params: ZUnsubscribeParams,
    query: ZUnsubscribeQuery,
    response: ZUnsubscribeAnswer,
    access: open,
  },
  /** Answers a small HTML page (a person who clicked the link confirms with its button). */
  unsubscribePage: {
    method: 'GET',
    path: UNSUBSCRIBE_PATH,
    summary: 'The page of an unsubscribe link: which shop, and a button that unsubscribes',
    tags,
    params: ZUnsubscribeParams,
    query: ZUnsubscribeQuery,
    response: z.null(),
    access: open,
  },
});
