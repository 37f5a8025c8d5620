import fp from 'fastify-plugin';
import { countriesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { compressRepeatedAnswers } from '../../platform/http/compression';
import { registerRoute } from '../../platform/http/routes';
import { pageCountryRates, updateCountryRate } from './countries.console';
import { setUserCountry } from '../../platform/auth/user-writes';
import { findUserCountry, listCountries } from './countries.repository';

const DEFAULT_COUNTRY = 'US';

async function registerCountries(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  // The public lists (≈ 6 KB, the same for every visitor until a rate changes) go compressed to
  // clients that take brotli or gzip; each distinct answer is compressed once.
  app.addHook('onSend', compressRepeatedAnswers());
  registerRoute(app, countriesRoutes.list, ({ query }) => listCountries(db, query.keywords));
  registerRoute(app, countriesRoutes.page, ({ query }) => pageCountryRates(db, query));
  registerRoute(app, countriesRoutes.update, ({ params, body }) => updateCountryRate(db, params.id, body));

  // The original client's `getCountry`: the caller's country first (US for visitors), then all of them.
  // The legacy `api_token` query is accepted and ignored: the bearer token says who calls.
  registerRoute(app, countriesRoutes.mine, async ({ caller }) => {
    const list = await listCountries(db);
    const countryId = (caller && (await findUserCountry(db, Number(caller.id)))) ?? DEFAULT_COUNTRY;
    const mine = list.find((c) => c.id === countryId) ?? list.find((c) => c.id === DEFAULT_COUNTRY);
    return { info: { default: mine ? [mine] : [], list } };
  });

  registerRoute(app, countriesRoutes.updateMine, async ({ body, caller }) => {
    const list = await listCountries(db);
    if (!list.some((c) => c.id === body.countryId)) throw AppError.field('countryId', 'validation.invalid');
    await setUserCountry(db, Number(caller.id), body.countryId);
    return null;
  });
}

export const countriesModule = fp(registerCountries, {
  name: 'countries',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
