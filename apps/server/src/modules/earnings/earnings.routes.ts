import fp from 'fastify-plugin';
import { earningsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { utcDayOf } from '../../platform/http/days';
import { exportMyLedger } from './earnings-export';
import { readPayoutRules } from './payout-rules';
import { getMyEarnings, listMyDailyEarnings, pageMyLedger } from './earnings.service';

/** The creator's earnings ledger (`#/revenue`): only the caller's own entries. */
async function registerEarnings(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = earningsRoutes;
  // The caller's own answers, kept until their rows change (decision 0031).
  const mine = { cache: app.privateAnswers };
  registerRoute(
    app,
    r.summary,
    ({ caller }) =>
      getMyEarnings(
        db,
        readPayoutRules((key) => app.configValues.get(key)),
        Number(caller.id),
      ),
    mine,
  );
  registerRoute(app, r.entries, ({ query, caller }) => pageMyLedger(db, Number(caller.id), query), mine);
  registerDownloadRoute(app, r.entriesExport, async ({ query, request, caller }) => {
    const file = await exportMyLedger(db, request.lang, Number(caller.id), query.format);
    return {
      filename: `earnings-${utcDayOf(new Date())}.${file.extension}`,
      contentType: file.contentType,
      content: file.content,
    };
  });
  registerRoute(app, r.daily, ({ query, caller }) => listMyDailyEarnings(db, Number(caller.id), query), mine);
}

export const earningsModule = fp(registerEarnings, {
  name: 'earnings',
  dependencies: ['configs', 'private-answers'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
