import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPlatformChange } from '../db/changes';
import { createAnswerCache, type AnswerCache } from './answer-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Signed-in callers' own reads (a creator's orders, earnings, products, prices), stored per
     * caller for `PRIVATE_CACHE_MS` and forgotten when the database reports a change to the
     * caller's rows (decision 0031). Routes opt in with `{ cache: app.privateAnswers }`.
     */
    privateAnswers: AnswerCache;
  }
}

/**
 * The private answer cache, and what makes it forget: a change to a user's or their shop's rows
 * forgets that user's answers, a change to the platform's rows (the catalogue, roles, settings)
 * or a feed that was down forgets all of them. A caller's own write forgets their answers as it
 * is answered, before the feed's notice arrives, so the next read shows it.
 */
export const privateAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    const answers = createAnswerCache({
      scope: 'private',
      ttlMs: app.config.privateCacheMs,
      usable: () => app.changes.live,
    });
    app.decorate('privateAnswers', answers);
    const unsubscribe = app.changes.subscribe((event) => {
      if (event === 'reset' || isPlatformChange(event)) answers.clear();
      else if (event.userId) answers.forget(event.userId);
      // A product's stock alone (every checkout) is shown at most PRIVATE_CACHE_MS late.
    });
    app.addHook('onClose', async () => unsubscribe());
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.user && request.method !== 'GET' && request.method !== 'HEAD') {
        answers.forget(request.user.id);
      }
      return payload;
    });
  },
  { name: 'private-answers', dependencies: ['changes', 'auth'] },
);

/**
 * `app.realtime` for news about a user's money or shop: their cached answers are forgotten before
 * the news is sent, so the reads the news makes the studio do cannot meet an answer from before
 * it (the change feed's notice may arrive after the socket's message).
 */
export function newsWithFreshAnswers(
  app: FastifyInstance,
): Pick<FastifyInstance['realtime'], 'toUser' | 'toTopic'> {
  return {
    toTopic: (topic, payload) => app.realtime.toTopic(topic, payload),
    toUser(userId, queue, payload) {
      app.privateAnswers.forget(userId);
      return app.realtime.toUser(userId, queue, payload);
    },
  };
}
