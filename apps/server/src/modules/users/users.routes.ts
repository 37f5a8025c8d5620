import fp from 'fastify-plugin';
import { usersRoutes, XLSX_MIME_TYPE } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/http/access';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { importUsers } from './users-import.service';
import { createProfileService, type ProfileContext } from './users-profile.service';
import { createUsersService } from './users.service';
import { buildExport, buildTemplate } from './users.workbook';

function contextOf(caller: SessionUser, request: FastifyRequest): ProfileContext {
  return { userId: Number(caller.id), sessionId: request.sessionId, ip: request.ip, lang: request.lang };
}

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** Console user management and everyone's own profile (`/me` lives in the accounts module). */
async function registerUsers(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const users = createUsersService({ db, sessions: app.sessions });
  const profiles = createProfileService({
    db,
    codes: app.verificationCodes,
    limiter: app.limiter,
  });
  const r = usersRoutes;

  registerRoute(app, r.page, ({ query, caller }) => users.page(query, caller));
  registerRoute(app, r.options, ({ caller }) => users.options(caller));
  registerRoute(app, r.form, ({ params, caller }) => users.form(Number(params.id), caller));
  registerRoute(app, r.create, ({ body, caller }) => users.create(body, caller));
  registerRoute(app, r.update, ({ params, body, caller }) => users.update(Number(params.id), body, caller));
  registerRoute(app, r.delete, async ({ params, caller }) => {
    await users.remove(params.ids.map(Number), caller);
    return null;
  });
  registerRoute(app, r.status, async ({ params, query, caller }) => {
    await users.setStatus(Number(params.id), query.status, caller);
    return null;
  });
  registerRoute(app, r.resetPassword, async ({ params, body, caller }) => {
    await users.resetPassword(Number(params.id), body.password, caller);
    return null;
  });

  registerDownloadRoute(app, r.template, async ({ request }) => ({
    filename: 'users-template.xlsx',
    contentType: XLSX_MIME_TYPE,
    content: await buildTemplate(request.lang),
  }));
  registerRoute(app, r.import, ({ body, caller, request }) =>
    importUsers(db, body.file, caller, request.lang),
  );
  registerDownloadRoute(app, r.export, async ({ query, caller, request }) => ({
    filename: `users-${today()}.xlsx`,
    contentType: XLSX_MIME_TYPE,
    content: await buildExport(request.lang, await users.exportRows(query, caller)),
  }));

  registerRoute(app, r.profile, ({ caller }) => profiles.profile(Number(caller.id)));
  registerRoute(app, r.updateProfile, ({ body, caller }) => profiles.updateProfile(Number(caller.id), body));
  registerRoute(app, r.changePassword, async ({ body, caller, request }) => {
    await profiles.changePassword(body, contextOf(caller, request));
    return null;
  });
  registerRoute(app, r.emailCode, ({ body, caller, request }) =>
    profiles.requestEmailCode(body.email, contextOf(caller, request)),
  );
  registerRoute(app, r.bindEmail, ({ body, caller, request }) =>
    profiles.bindEmail(body, contextOf(caller, request)),
  );
}

export const usersModule = fp(registerUsers, {
  name: 'users',
  dependencies: ['auth', 'rate-limit', 'verification-codes'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
