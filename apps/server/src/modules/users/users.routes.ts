import { usersRoutes, XLSX_MIME_TYPE, type TRouteDef } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/errors/app-error';
import { accessGuard, type SessionUser } from '../../platform/http/access';
import { registerRoute } from '../../platform/http/routes';
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

type Query<D extends TRouteDef> = D['query'] extends z.ZodType ? z.infer<D['query']> : undefined;

/**
 * A contract route that answers a file (an .xlsx download) instead of the JSON envelope: the
 * same declared access and query validation as `registerRoute`; failures still answer with the
 * envelope through the error handler.
 */
function registerFileRoute<D extends TRouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (input: {
    query: Query<D>;
    request: FastifyRequest;
  }) => Promise<{ filename: string; content: Buffer }>,
): void {
  const guard = accessGuard(def.access);
  app.route({
    method: def.method,
    url: def.path,
    schema: { summary: def.summary, tags: [...def.tags], ...(def.query ? { querystring: def.query } : {}) },
    config: { access: def.access },
    ...(guard ? { preValidation: guard } : {}),
    handler: async (request, reply) => {
      const file = await handler({ query: request.query as Query<D>, request });
      return reply
        .type(XLSX_MIME_TYPE)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  });
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

  registerFileRoute(app, r.template, async ({ request }) => ({
    filename: 'users-template.xlsx',
    content: await buildTemplate(request.lang),
  }));
  registerRoute(app, r.import, ({ body, request }) =>
    importUsers(db, body.file, callerOf(request), request.lang),
  );
  registerFileRoute(app, r.export, async ({ query, request }) => ({
    filename: `users-${today()}.xlsx`,
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
