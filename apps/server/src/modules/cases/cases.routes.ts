import { CASE_PHOTOS_MAX, casesRoutes, IMAGE_MAX_BYTES } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newsWithFreshAnswers } from '../../platform/http/private-answers';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { createCasesService } from './cases.service';

/**
 * The buyer's report and reply: up to CASE_PHOTOS_MAX image parts; one byte over the upload limit
 * is kept so the check answers with the upload's own message rather than a bare "too large".
 */
const CASE_MULTIPART_OPTIONS = {
  limits: { fileSize: IMAGE_MAX_BYTES + 1, files: CASE_PHOTOS_MAX, fields: 10, parts: CASE_PHOTOS_MAX + 10 },
  throwFileSizeLimit: false,
};

const MULTIPART_ROUTES = [casesRoutes.open, casesRoutes.reply];

/**
 * "Report a problem" after shipping (the buyer's order link is the credential, limited per
 * address), the operators' case queue (`sys:order:case`) and the creator's read-only cases
 * (issue 35). A case's refund goes through the refunds face and is sent as an operator's refund
 * is; a reship places a zero-price order through the orders face.
 */
async function cases(app: FastifyInstance): Promise<void> {
  const service = createCasesService({
    db: app.database.db,
    mailer: app.mailer,
    limiter: app.limiter,
    orderLinks: app.orderLinks,
    storages: app.storage,
    log: app.log,
    refunds: {
      db: app.database.db,
      payments: app.payments,
      mailer: app.mailer,
      log: app.log,
      realtime: newsWithFreshAnswers(app),
      orderLinks: app.orderLinks,
      creatorMails: app.creatorMails,
    },
  });
  const r = casesRoutes;

  app.addHook('onRoute', (route) => {
    if (MULTIPART_ROUTES.some((def) => def.path === route.url && def.method === route.method)) {
      route.config = { ...route.config, multipartOptions: CASE_MULTIPART_OPTIONS };
    }
  });

  registerRoute(app, r.buyerCases, ({ params }) => service.buyerCases(params.token));
  registerRoute(app, r.open, ({ params, body, request }) =>
    service.open(
      params.token,
      { itemId: body.itemId, reason: body.reason, message: body.message, photos: body.photos ?? [] },
      request.ip,
    ),
  );
  registerRoute(app, r.reply, ({ params, body, request }) =>
    service.reply(
      params.token,
      Number(params.caseId),
      { message: body.message, photos: body.photos ?? [] },
      request.ip,
    ),
  );

  registerRoute(app, r.page, ({ query }) => service.page(query));
  registerRoute(app, r.detail, ({ params }) => service.detail(Number(params.id)));
  registerDownloadRoute(app, r.photo, ({ params }) => service.photo(Number(params.id), params.photoId));
  registerRoute(app, r.refund, ({ params, body, caller, request }) =>
    service.refund(Number(caller.id), Number(params.id), body, request.lang),
  );
  registerRoute(app, r.reship, ({ params, body, caller }) =>
    service.reship(Number(caller.id), Number(params.id), body),
  );
  registerRoute(app, r.decline, ({ params, body, caller }) =>
    service.decline(Number(caller.id), Number(params.id), body.reason),
  );
  registerRoute(app, r.ask, ({ params, body, caller }) =>
    service.ask(Number(caller.id), Number(params.id), body.message),
  );

  registerRoute(app, r.byOrder, ({ params, caller }) =>
    service.ofCreatorOrder(Number(caller.id), params.orderNo),
  );
}

export const casesModule = fp(cases, {
  name: 'cases',
  dependencies: [
    'mail',
    'rate-limit',
    'order-links',
    'storage',
    'payments',
    'realtime',
    'private-answers',
    'creator-mails',
  ],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
