import { accountsRoutes, countriesRoutes, ErrorCode } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { pageCountryRates, updateCountryRate } from './countries.console';
import { listCountries } from './countries.repository';

const DEFAULT_COUNTRY = 'US';

export async function countriesModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  registerRoute(app, countriesRoutes.list, ({ query }) => listCountries(db, query.keywords));
  registerRoute(app, countriesRoutes.page, ({ query }) => pageCountryRates(db, query));
  registerRoute(app, countriesRoutes.update, ({ params, body }) => updateCountryRate(db, params.id, body));

  // SPEC §7's `getCountry`: the caller's country first (US for visitors), then all of them.
  // The legacy `api_token` query is accepted and ignored: the bearer token says who calls.
  registerRoute(app, accountsRoutes.getCountry, async ({ request }) => {
    const list = await listCountries(db);
    let countryId = DEFAULT_COUNTRY;
    if (request.user) {
      const [row] = await db
        .select({ countryId: users.countryId })
        .from(users)
        .where(eq(users.id, Number(request.user.id)));
      countryId = row?.countryId ?? DEFAULT_COUNTRY;
    }
    const mine = list.find((c) => c.id === countryId) ?? list.find((c) => c.id === DEFAULT_COUNTRY);
    return { info: { default: mine ? [mine] : [], list } };
  });

  registerRoute(app, accountsRoutes.updateCountry, async ({ body, request }) => {
    if (!request.user) throw AppError.accessTokenInvalid();
    const list = await listCountries(db);
    if (!list.some((c) => c.id === body.countryId)) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        400,
        'validation.invalid',
        { field: 'countryId' },
        {
          fields: [{ field: 'countryId', message: '' }],
        },
      );
    }
    await db
      .update(users)
      .set({ countryId: body.countryId, updatedAt: new Date() })
      .where(eq(users.id, Number(request.user.id)));
    return null;
  });
}
