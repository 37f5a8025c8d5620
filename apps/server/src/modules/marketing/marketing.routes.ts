import {
  marketingRoutes,
  normalizeLanguage,
  RESULT_SUCCESS,
  ZEnvelope,
  ZUnsubscribeAnswer,
  type TLanguage,
  type TRouteDef,
} from '@linkstore/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors/app-error';
import { utcDayOf } from '../../platform/http/days';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { translate } from '../../platform/i18n/translate';
import { CSV_MIME_TYPE } from '../../platform/xlsx/csv';
import { createMarketingService, readReminderDelay, type MarketingService } from './marketing.service';
import { unsubscribePage, type UnsubscribePageState } from './unsubscribe-page';
import { createUnsubscribeTokens } from './unsubscribe-token';

/** The scheduled job's name (the console translates it). */
export const REMINDERS_JOB = 'abandoned-checkout-reminders';
/** The first run waits this long after start (the app settles first)… */
export const REMINDERS_FIRST_DELAY_MS = 60_000;
/** …then it runs this often. */
export const REMINDERS_EVERY_MS = 5 * 60_000;

const UNSUBSCRIBE_ENVELOPE = ZEnvelope(ZUnsubscribeAnswer);

/** A browser (the link's page, its button) asks for HTML; a mail client's one-click POST does not. */
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** The link's language (`?lang=`, the mail's), else the request's. */
const languageOf = (request: FastifyRequest): TLanguage => {
  const { lang } = request.query as { lang?: string };
  return lang ? normalizeLanguage(lang) : request.lang;
};

function sendPage(reply: FastifyReply, lang: TLanguage, state: UnsubscribePageState, status = 200) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(unsubscribePage(lang, state));
}

/**
 * A route of the unsubscribe link: validated with the contract's params and query, public as the
 * contract declares, answering a page to a browser and the JSON envelope to anything else.
 */
function registerLinkRoute(
  app: FastifyInstance,
  def: TRouteDef,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [...def.tags],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
    },
    config: { access: def.access },
    handler,
  });
}

function registerUnsubscribe(app: FastifyInstance, service: MarketingService): void {
  const r = marketingRoutes;
  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;
  // RFC 8058's POST is a form (`List-Unsubscribe=One-Click`); nothing of it is needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  registerLinkRoute(app, r.unsubscribe, async (request, reply) => {
    const lang = languageOf(request);
    if (wantsHtml(request)) {
      try {
        const done = await service.unsubscribe(tokenOf(request));
        return sendPage(reply, lang, { kind: 'done', shopName: done.shop.name });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return sendPage(reply, lang, { kind: 'invalid' }, error.httpStatus);
      }
    }
    const data = await service.unsubscribe(tokenOf(request));
    const envelope = { code: RESULT_SUCCESS, msg: translate(request.lang, 'common.success'), data };
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(JSON.stringify(UNSUBSCRIBE_ENVELOPE.parse(envelope)));
  });

  // A person who clicked the link in the mail's text: which shop, and the button (a GET never
  // unsubscribes: link checkers and previews open links too).
  registerLinkRoute(app, r.unsubscribePage, async (request, reply) => {
    const lang = languageOf(request);
    try {
      const found = await service.subscription(tokenOf(request));
      return sendPage(reply, lang, {
        kind: found.unsubscribed ? 'done' : 'ask',
        shopName: found.shopName,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return sendPage(reply, lang, { kind: 'invalid' }, error.httpStatus);
    }
  });
}

/**
 * Marketing (issue 35): the abandoned-checkout reminder job, the one-click unsubscribe of
 * marketing mails, and the creator's subscribers (their own shop's only) with their export.
 */
async function registerMarketing(app: FastifyInstance): Promise<void> {
  const service = createMarketingService({
    db: app.database.db,
    mailer: app.mailer,
    tokens: createUnsubscribeTokens(app.config.jwtSecret),
    publicUrl: app.config.publicUrl,
    orderLinks: app.orderLinks,
    delayMinutes: () => readReminderDelay((key) => app.configValues.get(key)),
  });
  const r = marketingRoutes;
  registerRoute(app, r.subscribers, ({ query, caller }) => service.subscribers(Number(caller.id), query));
  registerDownloadRoute(app, r.export, async ({ request, caller }) => ({
    filename: `subscribers-${utcDayOf(new Date())}.csv`,
    contentType: CSV_MIME_TYPE,
    content: await service.exportSubscribers(Number(caller.id), request.lang),
  }));
  registerUnsubscribe(app, service);

  // The job (platform/jobs): once per period for the whole cluster, never two runs at once.
  app.jobs.schedule({
    name: REMINDERS_JOB,
    firstDelayMs: REMINDERS_FIRST_DELAY_MS,
    everyMs: REMINDERS_EVERY_MS,
    run: ({ now }) => service.run(now),
  });
}

export const marketingModule = fp(registerMarketing, {
  name: 'marketing',
  dependencies: ['configs', 'jobs', 'mail', 'order-links'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
