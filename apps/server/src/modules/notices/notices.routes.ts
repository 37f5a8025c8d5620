import { NOTICE_QUEUE, NOTICE_TARGET, NOTICE_TOPIC, noticesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import {
  getMyNoticePage,
  getNoticeForm,
  getNoticePage,
  getUnreadCount,
  publishNotice,
  readAllNotices,
  readNotice,
  removeNotices,
  revokeNotice,
  saveNotice,
} from './notices.service';

/** Operators' notices and every signed-in user's own (issue 19), published live. */
export const noticesModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    // Notices addressed to everyone go out once on this topic; every signed-in user may listen.
    app.realtime.allowTopic(NOTICE_TOPIC, null);

    const r = noticesRoutes;
    registerRoute(app, r.page, ({ query }) => getNoticePage(db, query));
    registerRoute(app, r.form, ({ params }) => getNoticeForm(db, Number(params.id)));
    registerRoute(app, r.create, ({ body }) => saveNotice(db, null, body));
    registerRoute(app, r.update, ({ params, body }) => saveNotice(db, Number(params.id), body));
    registerRoute(app, r.publish, async ({ params, caller, request }) => {
      const { news, targetType, targetUserIds } = await publishNotice(db, caller, Number(params.id));
      // After the commit; a lost live message costs nothing (the bell reloads its count).
      const sent =
        targetType === NOTICE_TARGET.ALL
          ? [app.realtime.toTopic(NOTICE_TOPIC, news)]
          : targetUserIds.map((id) => app.realtime.toUser(String(id), NOTICE_QUEUE, news));
      void Promise.all(sent).catch((err: unknown) =>
        request.log.warn({ err, noticeId: news.id }, 'Could not send the live notice'),
      );
      return null;
    });
    registerRoute(app, r.revoke, async ({ params }) => {
      await revokeNotice(db, Number(params.id));
      return null;
    });
    registerRoute(app, r.delete, async ({ params }) => {
      await removeNotices(db, params.ids.map(Number));
      return null;
    });
    registerRoute(app, r.detail, ({ params, caller }) => readNotice(db, caller, Number(params.id)));
    registerRoute(app, r.readAll, async ({ caller }) => {
      await readAllNotices(db, caller);
      return null;
    });
    registerRoute(app, r.myPage, ({ query, caller }) => getMyNoticePage(db, caller, query));
    registerRoute(app, r.unreadCount, ({ caller }) => getUnreadCount(db, caller));
  },
  { name: 'notices', dependencies: ['realtime'] },
);
