import { accountsRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionMeta } from '../../platform/auth/auth-plugin';
import { registerRoute } from '../../platform/http/routes';
import { createRegistrationService, type RequestContext } from './registration.service';

const contextOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  lang: request.lang,
  session: sessionMeta(request),
});

/** Registration by emailed code, and forgotten passwords by emailed code. */
export async function registrationModule(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const registration = createRegistrationService({
    db,
    codes: app.verificationCodes,
    sessions: app.sessions,
  });

  registerRoute(app, accountsRoutes.registerCode, ({ body, request }) =>
    registration.requestRegisterCode(body.email, contextOf(request)),
  );
  registerRoute(app, accountsRoutes.register, ({ body, request }) =>
    registration.register(body, contextOf(request)),
  );
  registerRoute(app, accountsRoutes.passwordCode, ({ body, request }) =>
    registration.requestResetCode(body.email, contextOf(request)),
  );
  registerRoute(app, accountsRoutes.resetPassword, ({ body, request }) =>
    registration.resetPassword(body, contextOf(request)),
  );
}
