import { reviewInvitesRoutes, shopLink } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import {
  createReviewInvitesService,
  readInviteDays,
  type ReviewInvitesService,
} from './review-invites.service';

/** The invitation job's first run waits this long after start (the app settles first)… */
export const INVITE_FIRST_DELAY_MS = 60_000;
/** …then it runs this often. */
export const INVITE_EVERY_MS = 10 * 60_000;

/** What the rest of the app may ask of the review invitations. */
export interface ReviewInvitesHandle {
  /** Runs the job now in the background (after shipping: with 0 days, buyers are invited at once). */
  runSoon(): void;
  /** Runs the job now and waits for it (tests); answers how many orders it invited. */
  runNow(now?: Date): Promise<number>;
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
    });
    const r = reviewInvitesRoutes;
    registerRoute(app, r.invite, ({ params, request }) => service.invite(params.token, request.lang));
    registerRoute(app, r.submit, async ({ params, body, request }) => {
      await service.submit(params.token, body, { lang: request.lang, ip: request.ip });
      return null;
    });

    // Never two runs at once in this process (other processes are kept apart by the claim).
    let running: Promise<number> | null = null;
    let again = false;
    const runNow = (now?: Date): Promise<number> => {
      if (running) {
        again = true;
        return running;
      }
      running = service.run(now).finally(() => {
        running = null;
        if (again) {
          again = false;
          runSoon();
        }
      });
      return running;
    };
    const runSoon = () => {
      runNow().catch((err: unknown) => app.log.error({ err }, 'Review invitations failed'));
    };
    app.decorate('reviewInvites', { runSoon, runNow, service });

    let every: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      runSoon();
      every = setInterval(runSoon, INVITE_EVERY_MS);
      every.unref();
    }, INVITE_FIRST_DELAY_MS);
    first.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
      await running?.catch(() => undefined);
    });
  },
  { name: 'review-invites', dependencies: ['configs'] },
);
