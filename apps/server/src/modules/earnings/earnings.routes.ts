import { earningsRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { getMyEarnings, listMyDailyEarnings, pageMyLedger } from './earnings.service';

function callerId(request: FastifyRequest): number {
  if (!request.user) throw AppError.accessTokenInvalid();
  return Number(request.user.id);
}

/** The creator's earnings ledger (`#/revenue`): only the caller's own entries. */
export async function earningsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = earningsRoutes;
  registerRoute(app, r.summary, ({ request }) => getMyEarnings(db, callerId(request)));
  registerRoute(app, r.entries, ({ query, request }) => pageMyLedger(db, callerId(request), query));
  registerRoute(app, r.daily, ({ query, request }) => listMyDailyEarnings(db, callerId(request), query));
}
