import {
  DEFAULT_CURRENCY,
  normalizeLanguage,
  parseCurrencyHeader,
  type TCurrencyCode,
  type TLanguage,
} from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of the answer's messages, from the `lang` header, else Accept-Language. */
    lang: TLanguage;
    /** The caller's display currency, from the `currencyjc` header (`USD1` means USD). */
    currency: TCurrencyCode;
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function languageOf(request: Pick<FastifyRequest, 'headers'>): TLanguage {
  const explicit = firstHeader(request.headers.lang);
  if (explicit) return normalizeLanguage(explicit);
  const accept = firstHeader(request.headers['accept-language']);
  return normalizeLanguage(accept?.split(',')[0]?.split(';')[0]);
}

/**
 * Reads the per-request headers every handler may need. An unreadable `currencyjc` falls back
 * to USD rather than failing the request: prices are still correct, only shown in dollars.
 */
export const requestContext = fp(
  (app: FastifyInstance, _opts: object, done: (err?: Error) => void) => {
    app.decorateRequest('lang', 'en');
    app.decorateRequest('currency', DEFAULT_CURRENCY);
    app.addHook('onRequest', (request, _reply, next) => {
      request.lang = languageOf(request);
      request.currency = parseCurrencyHeader(firstHeader(request.headers.currencyjc)) ?? DEFAULT_CURRENCY;
      next();
    });
    done();
  },
  { name: 'request-context' },
);
