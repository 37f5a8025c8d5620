import fp from 'fastify-plugin';
import { accountsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { sessionMeta } from '../../platform/auth/auth-plugin';
import { refreshTokenInvalid } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { findShopByOwner, shopLinkFor } from '../shops/shops.api';
import { findUserById } from './accounts.repository';
import { createLoginService } from './accounts.service';
import { createCaptchaService } from './captcha.service';
import { createDeviceCookies } from './device-cookie';
import { createProofOfWork } from './proof-of-work';

/** Sign-in, token refresh, sign-out and "who am I". */
async function registerAccounts(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const captchas = createCaptchaService(db);
  const proofOfWork = createProofOfWork(app.config.jwtSecret, app.limiter);
  const devices = createDeviceCookies(app.config.jwtSecret);
  const login = createLoginService({
    db,
    config: app.config,
    sessions: app.sessions,
    captchas,
    proofOfWork,
    limiter: app.limiter,
  });

  registerRoute(app, accountsRoutes.captcha, () => captchas.create());

  registerRoute(app, accountsRoutes.challenge, () => proofOfWork.create());

  registerRoute(app, accountsRoutes.login, async ({ body, request, reply }) => {
    const device = devices.read(request.headers.cookie);
    const { userId, ...tokens } = await login(body, { ...sessionMeta(request), ip: request.ip, device });
    // This browser is now known to the account: it keeps its own failure count (accounts.service).
    void reply.header('set-cookie', devices.issue(userId, request.protocol === 'https'));
    return tokens;
  });

  registerRoute(app, accountsRoutes.refresh, ({ body, query, request }) => {
    const token = body?.refreshToken ?? query.refreshToken;
    if (!token) throw refreshTokenInvalid();
    return app.sessions.rotate(token, sessionMeta(request));
  });

  registerRoute(app, accountsRoutes.logout, async ({ request }) => {
    if (request.sessionId) await app.sessions.revokeFamily(request.sessionId);
    return null;
  });

  // The original client's logout (`POST /api/logout?email=`) ends the caller's own sign-in only.
  registerRoute(app, accountsRoutes.legacyLogout, async ({ request }) => {
    if (request.sessionId) await app.sessions.revokeFamily(request.sessionId);
    return null;
  });

  registerRoute(app, accountsRoutes.me, async ({ caller }) => {
    const user = await findUserById(db, Number(caller.id));
    if (!user) throw AppError.accessTokenInvalid();
    return {
      userId: String(user.id),
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      avatar: user.avatarUrl,
      countryId: user.countryId,
      timeZone: user.timeZone ?? null,
      roles: caller.roles,
      perms: caller.permissions,
    };
  });

  registerRoute(app, accountsRoutes.businessInfo, async ({ caller }) => {
    const user = await findUserById(db, Number(caller.id));
    if (!user) throw AppError.accessTokenInvalid();
    // A creator with a shop gets its public link and image (the page icon); without one, none.
    const shop = await findShopByOwner(db, user.id);
    return {
      info: {
        email: user.email,
        subdomainurl: shop ? shopLinkFor(app.config, shop.slug) : null,
        image_url: shop ? shop.imageUrl : user.avatarUrl,
        nickname: user.nickname,
        country_id: user.countryId,
      },
    };
  });
}

export const accountsModule = fp(registerAccounts, {
  name: 'accounts',
  dependencies: ['auth', 'rate-limit'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
