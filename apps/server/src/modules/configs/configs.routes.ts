import { configsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import { createConfigValues, type ConfigValues } from './configs.cache';
import { listConfigValues } from './configs.repository';
import { getConfigForm, getConfigPage, getConsoleLinks, removeConfigs, saveConfig } from './configs.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The system settings (`IP_QPS_THRESHOLD_LIMIT`, …) as this process last loaded them. */
    configValues: ConfigValues;
  }
}

/** The settings endpoints, and `app.configValues` for the whole app (hence not encapsulated). */
export const configsModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const values = createConfigValues(() => listConfigValues(db));
    await values.reload();
    app.decorate('configValues', values);

    const r = configsRoutes;
    registerRoute(app, r.page, ({ query }) => getConfigPage(db, query));
    registerRoute(app, r.form, ({ params }) => getConfigForm(db, Number(params.id)));
    registerRoute(app, r.create, ({ body }) => saveConfig(db, values, null, body));
    registerRoute(app, r.update, ({ params, body }) => saveConfig(db, values, Number(params.id), body));
    registerRoute(app, r.delete, async ({ params }) => {
      await removeConfigs(db, values, params.ids.map(Number));
      return null;
    });
    registerRoute(app, r.links, async () => getConsoleLinks(values));
    registerRoute(app, r.refresh, async () => {
      await values.reload();
      return null;
    });
  },
  { name: 'configs', dependencies: ['rate-limit'] },
);
