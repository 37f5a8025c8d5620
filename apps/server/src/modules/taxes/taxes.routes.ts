import fp from 'fastify-plugin';
import { taxRoutes, XLSX_MIME_TYPE, type TShownTax } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { createAnswerCache } from '../../platform/http/answer-cache';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { CSV_MIME_TYPE } from '../../platform/xlsx/csv';
import { taxReport, taxReportCsv, taxReportXlsx } from './tax-report';
import { taxRateFor } from './taxes.api';
import { pageTaxRates, removeTaxRate, saveTaxRate } from './taxes.console';

/**
 * The tax buyers in a country (or region) see today, for the storefront's prices: null where none
 * is charged (no rate kept, or a 0 % one that does not change how prices are shown).
 */
export async function shownTax(
  db: AppDatabase,
  countryCode: string,
  region?: string,
): Promise<TShownTax | null> {
  const rule = await taxRateFor(db, countryCode, region, new Date());
  if (rule.rateMicros === 0 && !rule.inclusive) return null;
  return {
    name: rule.name,
    rateMicros: rule.rateMicros,
    inclusive: rule.inclusive,
    shippingTaxed: rule.shippingTaxed,
  };
}

async function registerTaxes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  // Each buyer's shop page asks for it once: one query per country for a burst of buyers.
  // Rates have no change feed: this process forgets on a save, the others within the time (as a
  // rate's new `valid_from` day starts), and the checkout always charges the current rate.
  const shownAnswers = createAnswerCache({ scope: 'public', ttlMs: app.config.storefrontCacheMs });
  const saved = <T>(answer: T): T => {
    shownAnswers.clear();
    return answer;
  };
  registerRoute(app, taxRoutes.shown, ({ query }) => shownTax(db, query.countryCode, query.region), {
    cache: shownAnswers,
  });
  registerRoute(app, taxRoutes.page, ({ query }) => pageTaxRates(db, query));
  registerRoute(app, taxRoutes.create, async ({ body }) => saved(await saveTaxRate(db, null, body)));
  registerRoute(app, taxRoutes.update, async ({ params, body }) =>
    saved(await saveTaxRate(db, Number(params.id), body)),
  );
  registerRoute(app, taxRoutes.delete, async ({ params }) => {
    await removeTaxRate(db, Number(params.id));
    return saved(null);
  });
  registerRoute(app, taxRoutes.report, ({ query }) => taxReport(db, query));
  registerDownloadRoute(app, taxRoutes.reportExport, async ({ query, request }) => ({
    filename: `tax-report-${query.from}-${query.to}.csv`,
    contentType: CSV_MIME_TYPE,
    content: await taxReportCsv(db, request.lang, query),
  }));
  registerDownloadRoute(app, taxRoutes.reportXlsx, async ({ query, request }) => ({
    filename: `tax-report-${query.from}-${query.to}.xlsx`,
    contentType: XLSX_MIME_TYPE,
    content: await taxReportXlsx(db, request.lang, query),
  }));
}

export const taxesModule = fp(registerTaxes, {
  name: 'taxes',
  dependencies: [],
  // Its routes stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
