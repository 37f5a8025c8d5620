import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeLanguage, type TLanguage } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../../platform/i18n/translate';
import { shopLinkFor } from '../shops/shops.api';

/*
 * The buyer's order link (decision 0057): `<payload>.<signature>`, where the payload names the
 * order and the second the link stops working (both base 36), and the signature is an
 * HMAC-SHA256 of the payload under a key derived from the server's secret for this purpose only.
 * Nothing is stored: a link verifies or it does not, and "Find my order" mails a fresh one.
 */

/** How long a mailed link works: long enough for a return or a late parcel. */
export const ORDER_LINK_DAYS = 180;
const DAY_MS = 24 * 60 * 60_000;
const PAYLOAD = /^([1-9a-z][0-9a-z]{0,12})-([1-9a-z][0-9a-z]{0,12})$/;

export interface OrderLinks {
  /** A token for `orderId` that works until `now` + ORDER_LINK_DAYS. */
  sign(orderId: number, now?: Date): string;
  /** The order a token names, and until when it works; undefined if it is tampered or expired. */
  verify(token: string, now?: Date): { orderId: number; expiresAt: Date } | undefined;
}

/** Order links signed with a key derived from `secret` (the server's JWT secret). */
export function createOrderLinks(secret: string): OrderLinks {
  // Its own key: a signature made for order links means nothing anywhere else, and back.
  const key = createHmac('sha256', secret).update('linkstore/order-link/v1').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(orderId, now = new Date()) {
      const expires = Math.floor((now.getTime() + ORDER_LINK_DAYS * DAY_MS) / 1000);
      const payload = `${orderId.toString(36)}-${expires.toString(36)}`;
      return `${payload}.${signatureOf(payload).toString('base64url')}`;
    },
    verify(token, now = new Date()) {
      const dot = token.indexOf('.');
      if (dot <= 0) return undefined;
      const payload = token.slice(0, dot);
      const match = PAYLOAD.exec(payload);
      if (!match?.[1] || !match[2]) return undefined;
      // Compared as text: base64url's last character has spare bits a decoder would ignore.
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(signatureOf(payload).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const orderId = parseInt(match[1], 36);
      const expiresAt = new Date(parseInt(match[2], 36) * 1000);
      if (!Number.isSafeInteger(orderId) || expiresAt.getTime() <= now.getTime()) return undefined;
      return { orderId, expiresAt };
    },
  };
}

/** The order page's address in the shop whose public link is `shopUrl` (`shopLinkFor`). */
export function orderPageUrl(shopUrl: string, token: string): string {
  return `${shopUrl.replace(/\/+$/, '')}/order/${token}`;
}

/** What the rest of the app uses: links to the buyer's order page, signed with this server's key. */
export interface OrderLinksHandle {
  links: OrderLinks;
  /** The order page's full address, for a mail: in the order's language (`?lang=`). */
  urlFor(order: { id: number; shopSlug: string; language: string }): string;
}

/** The line every buyer mail ends with: where to follow the order. */
export function orderLinkLine(lang: TLanguage, url: string): string {
  return translate(lang, 'mail.orderLink', { url });
}

declare module 'fastify' {
  interface FastifyInstance {
    orderLinks: OrderLinksHandle;
  }
}

/** `app.orderLinks`: registered before every module that mails a buyer. */
export const orderLinksPlugin = fp(
  async (app: FastifyInstance) => {
    const links = createOrderLinks(app.config.jwtSecret);
    app.decorate('orderLinks', {
      links,
      urlFor: (order: { id: number; shopSlug: string; language: string }) =>
        `${orderPageUrl(shopLinkFor(app.config, order.shopSlug), links.sign(order.id))}?lang=${normalizeLanguage(order.language)}`,
    });
  },
  { name: 'order-links' },
);
