import { usersRoutes, XLSX_MIME_TYPE } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import type { SessionUser } from '../../platform/http/access';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { importUsers } from './users-import.service';
import { createProfileService, type ProfileContext } from './users-profile.service';
import { createUsersService } from './users.service';
import { buildExport, buildTemplate } from './users.workbook';

/** The access guard has already refused visitors; this only narrows the type. */
function callerOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.accessTokenInvalid();
  return request.user;
}

function contextOf(request: FastifyRequest): ProfileContext {
  return {
    userId: Number(callerOf(request).id),
    sessionId: request.sessionId,
    ip: request.ip,
    lang: request.lang,
  };
}

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** Console user management and everyone's own profile (`/me` lives in the accounts module). */
export async function usersModule(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const users = createUsersService({ db, sessions: app.sessions });
  const profiles = createProfileService({
    db,
    secret: app.config.jwtSecret,
    limiter: app.limiter,
    mailer: app.mailer,
    log: app.log,
  });
  const r = usersRoutes;

  registerRoute(app, r.page, ({ query, request }) => users.page(query, callerOf(request), request.lang));
  registerRoute(app, r.options, ({ request }) => users.options(callerOf(request)));
  registerRoute(app, r.form, ({ params, request }) => users.form(Number(params.id), callerOf(request)));
  registerRoute(app, r.create, ({ body, request }) => users.create(body, callerOf(request), request.lang));
  registerRoute(app, r.update, ({ params, body, request }) =>
    users.update(Number(params.id), body, callerOf(request), request.lang),
  );
  registerRoute(app, r.delete, async ({ params, request }) => {
    await users.remove(params.ids.map(Number), callerOf(request));
    return null;
  });
  registerRoute(app, r.status, async ({ params, query, request }) => {
    await users.setStatus(Number(params.id), query.status, callerOf(request));
    return null;
  });
  registerRoute(app, r.resetPassword, async ({ params, body, request }) => {
    await users.resetPassword(Number(params.id), body.password, callerOf(request));
    return null;
  });

  registerDownloadRoute(app, r.template, async ({ request }) => ({
    filename: 'users-template.xlsx',
    contentType: XLSX_MIME_TYPE,
    content: await buildTemplate(request.lang),
  }));
  registerRoute(app, r.import, ({ body, request }) =>
    importUsers(db, body.file, callerOf(request), request.lang),
  );
  registerDownloadRoute(app, r.export, async ({ query, request }) => ({
    filename: `users-${today()}.xlsx`,
    contentType: XLSX_MIME_TYPE,
    content: await buildExport(request.lang, await users.exportRows(query, callerOf(request), request.lang)),
  }));

  registerRoute(app, r.profile, ({ request }) => profiles.profile(Number(callerOf(request).id)));
  registerRoute(app, r.updateProfile, ({ body, request }) =>
    profiles.updateProfile(Number(callerOf(request).id), body),
  );
  registerRoute(app, r.changePassword, async ({ body, request }) => {
    await profiles.changePassword(body, contextOf(request));
    return null;
  });
  registerRoute(app, r.emailCode, ({ body, request }) =>
    profiles.requestEmailCode(body.email, contextOf(request)),
  );
  registerRoute(app, r.bindEmail, ({ body, request }) => profiles.bindEmail(body, contextOf(request)));
}
