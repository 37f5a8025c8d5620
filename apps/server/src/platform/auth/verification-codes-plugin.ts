import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVerificationCodes, type VerificationCodes } from './verification-codes';

declare module 'fastify' {
  interface FastifyInstance {
    verificationCodes: VerificationCodes;
  }
}

/**
 * `app.verificationCodes`: the one emailed-code service that registration, password reset and
 * the profile's email binding share, built once with the server's secret, limiter and mailer
 * (so it is registered after both) instead of once in each module.
 */
export const verificationCodesPlugin = fp(
  (app: FastifyInstance, _opts: object, done: (err?: Error) => void) => {
    app.decorate(
      'verificationCodes',
      createVerificationCodes({
        db: app.database.db,
        secret: app.config.jwtSecret,
        limiter: app.limiter,
        mailer: app.mailer,
        log: app.log,
      }),
    );
    done();
  },
  { name: 'verification-codes', dependencies: ['rate-limit', 'mail'] },
);
