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

/** Sign-in, token refresh, sign-out and "who am I". */
export async function accountsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const captchas = createCaptchaService(db);
  const login = createLoginService({
    db,
    config: app.config,
    sessions: app.sessions,
    captchas,
    limiter: app.limiter,
  });

  registerRoute(app, accountsRoutes.captcha, () => captchas.create());

  registerRoute(app, accountsRoutes.login, ({ body, request }) =>
    login(body, { ...sessionMeta(request), ip: request.ip }),
  );

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
