import fp from 'fastify-plugin';
import { taxRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { CSV_MIME_TYPE, taxReport, taxReportCsv } from './tax-report';
import { pageTaxRates, removeTaxRate, saveTaxRate } from './taxes.console';

async function registerTaxes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  registerRoute(app, taxRoutes.page, ({ query }) => pageTaxRates(db, query));
  registerRoute(app, taxRoutes.create, ({ body }) => saveTaxRate(db, null, body));
  registerRoute(app, taxRoutes.update, ({ params, body }) => saveTaxRate(db, Number(params.id), body));
  registerRoute(app, taxRoutes.delete, async ({ params }) => {
    await removeTaxRate(db, Number(params.id));
    return null;
  });
  registerRoute(app, taxRoutes.report, ({ query }) => taxReport(db, query));
  registerDownloadRoute(app, taxRoutes.reportExport, async ({ query, request }) => ({
    filename: `tax-report-${query.from}-${query.to}.csv`,
    contentType: CSV_MIME_TYPE,
    content: await taxReportCsv(db, request.lang, query),
  }));
}

export const taxesModule = fp(registerTaxes, {
  name: 'taxes',
  dependencies: [],
  // Its routes stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
