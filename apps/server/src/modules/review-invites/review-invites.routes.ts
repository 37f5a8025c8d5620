import { reviewInvitesRoutes, shopLink } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import {
  createReviewInvitesService,
  readInviteDays,
  type ReviewInvitesService,
} from './review-invites.service';

/** The scheduled job's name. */
export const REVIEW_INVITES_JOB = 'review-invites';
/** The invitation job's first run waits this long after start (the app settles first)… */
export const INVITE_FIRST_DELAY_MS = 60_000;
/** …then it runs this often. */
export const INVITE_EVERY_MS = 10 * 60_000;

/** What the rest of the app may ask of the review invitations. */
export interface ReviewInvitesHandle {
  /**
   * Makes the job due now (after shipping: with 0 days, buyers are invited at once); a run in
   * progress anywhere is followed by another.
   */
  runSoon(): void;
  service: ReviewInvitesService;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewInvites: ReviewInvitesHandle;
  }
}

/**
 * Review invitations: the job that mails each delivered order's buyer a review link per item, and
 * the public routes the links' page uses. Not encapsulated: `app.reviewInvites` is for the orders
 * module, which runs the job after shipping.
 */
export const reviewInvitesModule = fp(
  async (app: FastifyInstance) => {
    const service = createReviewInvitesService({
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      limiter: app.limiter,
      shopLink: (slug) =>
        shopLink(slug, { origin: app.config.publicUrl, shopBaseDomain: app.config.shopBaseDomain }),
      inviteDays: () => readInviteDays((key) => app.configValues.get(key)),
      orderLinks: app.orderLinks,
    });
    const r = reviewInvitesRoutes;
    registerRoute(app, r.invite, ({ params, request }) => service.invite(params.token, request.lang));
    registerRoute(app, r.submit, async ({ params, body, request }) => {
      await service.submit(params.token, body, { lang: request.lang, ip: request.ip });
      return null;
    });

    // The job (platform/jobs): once per period for the whole cluster, never two runs at once.
    app.jobs.schedule({
      name: REVIEW_INVITES_JOB,
      firstDelayMs: INVITE_FIRST_DELAY_MS,
      everyMs: INVITE_EVERY_MS,
      run: ({ now }) => service.run(now),
    });
    const runSoon = () => {
      app.jobs
        .runSoon(REVIEW_INVITES_JOB)
        .catch((err: unknown) => app.log.error({ err }, 'Could not ask for the review invitations'));
    };
    app.decorate('reviewInvites', { runSoon, service });
  },
  { name: 'review-invites', dependencies: ['configs', 'jobs', 'mail', 'order-links', 'rate-limit'] },
);
