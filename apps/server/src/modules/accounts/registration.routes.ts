import fp from 'fastify-plugin';
import { accountsRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionMeta } from '../../platform/auth/auth-plugin';
import { registerRoute } from '../../platform/http/routes';
import { createDeviceCookies } from './device-cookie';
import { createRegistrationService, type RequestContext } from './registration.service';

/** Registration by emailed code, and forgotten passwords by emailed code. */
async function registerRegistration(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const devices = createDeviceCookies(app.config.jwtSecret);
  const contextOf = (request: FastifyRequest): RequestContext => ({
    ip: request.ip,
    lang: request.lang,
    session: sessionMeta(request),
    device: devices.read(request.headers.cookie),
  });
  const registration = createRegistrationService({
    db,
    codes: app.verificationCodes,
    sessions: app.sessions,
  });

  registerRoute(app, accountsRoutes.registerCode, ({ body, request }) =>
    registration.requestRegisterCode(body.email, contextOf(request)),
  );

  registerRoute(app, accountsRoutes.register, async ({ body, request, reply }) => {
    const { userId, ...tokens } = await registration.register(body, contextOf(request));
    // Registering signs in: this browser is known to the account from now on (accounts.service).
    void reply.header('set-cookie', devices.issue(userId, request.protocol === 'https'));
    return tokens;
  });
  registerRoute(app, accountsRoutes.passwordCode, ({ body, request }) =>
    registration.requestResetCode(body.email, contextOf(request)),
  );
  registerRoute(app, accountsRoutes.resetPassword, ({ body, request }) =>
    registration.resetPassword(body, contextOf(request)),
  );
}

export const registrationModule = fp(registerRegistration, {
  name: 'registration',
  dependencies: ['auth', 'verification-codes'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
