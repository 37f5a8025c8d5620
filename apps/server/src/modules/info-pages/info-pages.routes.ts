import fp from 'fastify-plugin';
import { infoPagesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ChangeEvent } from '../../platform/db/changes';
import { createAnswerCache, type AnswerCache } from '../../platform/http/answer-cache';
import { registerRoute } from '../../platform/http/routes';
import { getInfoPageForm, getInfoPageList, getPublicInfoPage, saveInfoPage } from './info-pages.service';

/** The table whose commits make stored public answers stale (migration 0017's trigger). */
export const INFO_PAGES_TABLE = 'info_pages';

/** The information pages: operators edit them in the console, buyers read them on every shop. */
async function registerInfoPages(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  // Like the storefront's reads: one query per page and language for a burst of buyers, and
  // forgotten as soon as any process commits a change (decision 0031).
  const answers = createAnswerCache({
    scope: 'public',
    ttlMs: app.config.storefrontCacheMs,
    usable: () => app.changes.live,
  });
  forgetOnChange(app, answers);

  const r = infoPagesRoutes;
  registerRoute(app, r.list, () => getInfoPageList(db));
  registerRoute(app, r.form, ({ params }) => getInfoPageForm(db, params.page, params.lang));
  registerRoute(app, r.update, ({ params, body }) => saveInfoPage(db, params.page, params.lang, body.doc));
  registerRoute(app, r.public, ({ params, request }) => getPublicInfoPage(db, params.page, request.lang), {
    cache: answers,
  });
}

/** Forgets every stored page when one is saved, or when the feed was down. */
export function forgetOnChange(app: FastifyInstance, answers: Pick<AnswerCache, 'clear'>): void {
  const unsubscribe = app.changes.subscribe((event: ChangeEvent) => {
    if (event === 'reset' || event.table === INFO_PAGES_TABLE) answers.clear();
  });
  app.addHook('onClose', async () => unsubscribe());
}

export const infoPagesModule = fp(registerInfoPages, {
  name: 'info-pages',
  dependencies: ['changes'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
