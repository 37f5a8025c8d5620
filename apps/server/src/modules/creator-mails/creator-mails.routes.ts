import { creatorMailsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import type { CreatorMailsHandle } from './creator-mails.api';
import { studioLinks } from './creator-mails.compose';
import { createCreatorMailsService } from './creator-mails.service';

/** The digest job's name, and how often it looks for creators whose digest is due. */
export const CREATOR_DIGEST_JOB = 'creator-mail-digest';
export const CREATOR_DIGEST_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    creatorMails: CreatorMailsHandle;
  }
}

/**
 * Creators hear about their shop by mail (issue 35): their settings (`#/shop`), the mails the
 * orders, payouts and refunds modules queue through `app.creatorMails` in the transaction of
 * their change, and the hourly job that sends the daily digests. Not encapsulated:
 * `app.creatorMails` is for those modules, which declare it.
 */
export const creatorMailsModule = fp(
  async (app: FastifyInstance) => {
    const service = createCreatorMailsService({
      db: app.database.db,
      mailer: app.mailer,
      links: studioLinks(app.config.publicUrl),
    });
    const r = creatorMailsRoutes;
    // The caller's own row only: the user id is the caller's, whatever the request says.
    registerRoute(app, r.settings, ({ caller }) => service.getSettings(Number(caller.id)));
    registerRoute(app, r.save, ({ body, caller, request }) =>
      service.saveSettings(Number(caller.id), body, request.lang),
    );

    // The job (platform/jobs): once per period for the whole cluster; each creator is claimed.
    app.jobs.schedule({
      name: CREATOR_DIGEST_JOB,
      everyMs: CREATOR_DIGEST_EVERY_MS,
      run: ({ now }) => service.runDigests(now),
    });

    app.decorate('creatorMails', {
      queueSaleMail: (tx, sale) => service.queueSaleMail(tx, sale),
      queuePayoutMail: (tx, payout) => service.queuePayoutMail(tx, payout),
      queueRefundMail: (tx, refund) => service.queueRefundMail(tx, refund),
      runDigests: (now) => service.runDigests(now),
    } satisfies CreatorMailsHandle);
  },
  { name: 'creator-mails', dependencies: ['jobs', 'mail'] },
);
