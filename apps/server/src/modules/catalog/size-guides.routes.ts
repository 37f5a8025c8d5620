import fp from 'fastify-plugin';
import { sizeGuidesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ChangeEvent } from '../../platform/db/changes';
import { createAnswerCache, type AnswerCache } from '../../platform/http/answer-cache';
import { registerRoute } from '../../platform/http/routes';
import { getPublicSizeGuide, getSizeGuide, removeSizeGuide, saveSizeGuide } from './size-guides.service';

/**
 * The tables whose commits make stored public guides stale (their change-feed triggers): the
 * guides, and the categories (a hidden or moved category changes what a buyer is answered).
 */
export const SIZE_GUIDE_TABLES = new Set(['category_size_guides', 'categories']);

/** Size guides: operators edit a category's in the console, buyers read them on every shop. */
async function registerSizeGuides(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  // Like the storefront's reads: one query per category and language for a burst of buyers, and
  // forgotten as soon as any process commits a change (decision 0031).
  const answers = createAnswerCache({
    scope: 'public',
    ttlMs: app.config.storefrontCacheMs,
    usable: () => app.changes.live,
  });
  forgetOnChange(app, answers);

  const r = sizeGuidesRoutes;
  registerRoute(app, r.get, ({ params }) => getSizeGuide(db, Number(params.id)));
  registerRoute(app, r.save, ({ params, body }) => saveSizeGuide(db, Number(params.id), body));
  registerRoute(app, r.delete, async ({ params }) => {
    await removeSizeGuide(db, Number(params.id));
    return null;
  });
  registerRoute(
    app,
    r.public,
    ({ params, request }) => getPublicSizeGuide(db, Number(params.categoryId), request.lang),
    { cache: answers },
  );
}

/** Forgets every stored guide when a guide or a category changes, or when the feed was down. */
export function forgetOnChange(app: FastifyInstance, answers: Pick<AnswerCache, 'clear'>): void {
  const unsubscribe = app.changes.subscribe((event: ChangeEvent) => {
    if (event === 'reset' || SIZE_GUIDE_TABLES.has(event.table)) answers.clear();
  });
  app.addHook('onClose', async () => unsubscribe());
}

export const sizeGuidesModule = fp(registerSizeGuides, {
  name: 'size-guides',
  dependencies: ['changes'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
