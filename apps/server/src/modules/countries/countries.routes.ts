import { countriesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { listCountries } from './countries.repository';

export async function countriesModule(app: FastifyInstance): Promise<void> {
  registerRoute(app, countriesRoutes.list, ({ query }) => listCountries(app.database.db, query.keywords));
}
