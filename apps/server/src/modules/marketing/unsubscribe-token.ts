import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The unsubscribe link of a marketing mail: `<subscription id, base 36>.<signature>`, the signature
 * an HMAC-SHA256 of the id under a key derived from the server's secret for this purpose only (as
 * the order link does, decision 0057). It does not expire: a mail's unsubscribe link must work as
 * long as the mail is read. Nothing is stored; rotating the secret ends every link, and the next
 * mail carries a fresh one.
 */

const PAYLOAD = /^[1-9a-z][0-9a-z]{0,12}$/;

export interface UnsubscribeTokens {
  sign(consentId: number): string;
  /** The subscription a token names; undefined when it is tampered with or malformed. */
  verify(token: string): number | undefined;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  // Its own key: a signature made for these links means nothing anywhere else, and back.
  const key = createHmac('sha256', secret).update('linkstore/marketing-unsubscribe/v1').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(consentId) {
      const payload = consentId.toString(36);
      return `${payload}.${signatureOf(payload)}`;
    },
    verify(token) {
      const dot = token.indexOf('.');
      if (dot <= 0) return undefined;
      const payload = token.slice(0, dot);
      if (!PAYLOAD.test(payload)) return undefined;
      // Compared as text: base64url's last character has spare bits a decoder would ignore.
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(signatureOf(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const id = parseInt(payload, 36);
      return Number.isSafeInteger(id) ? id : undefined;
    },
  };
}
