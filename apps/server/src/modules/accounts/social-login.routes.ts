import fp from 'fastify-plugin';
import { createDeviceCookies } from './device-cookie';
import {
  accountsRoutes,
  ErrorCode,
  OAUTH_CALLBACK_PATH,
  OAUTH_START_PATH,
  ZOAuthProvider,
  type TErrorCode,
  type TOAuthProvider,
} from '@linkstore/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionMeta } from '../../platform/auth/auth-plugin';
import { registerRoute } from '../../platform/http/routes';
import { newOAuthBinding, oauthBindingCookie, readOAuthBinding } from './oauth-binding';
import { createSocialLoginService, SocialLoginError } from './social-login.service';

const tags = ['accounts'];
const ZProviderParams = z.object({ provider: ZOAuthProvider });
// Browser redirects must end on a page, not on a JSON validation error: odd values are ignored.
const ZStartQuery = z.object({ returnTo: z.string().optional().catch(undefined) });
const ZCallbackQuery = z.looseObject({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});

interface ProviderRoute {
  Params: z.infer<typeof ZProviderParams>;
}

/**
 * The web app's landing page for social sign-in; it reads the hash query: a one-time `code`
 * (traded by a POST to `oauthExchange`) and `returnTo`, or `error` and `provider`.
 */
function authorizePage(params: Record<string, string>): string {
  return `/#/authorize?${new URLSearchParams(params).toString()}`;
}

/** Every failure ends on the web app with a code; the reason goes to the log only. */
function redirectFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: TOAuthProvider,
  error: unknown,
) {
  const code: TErrorCode = error instanceof SocialLoginError ? error.code : ErrorCode.OAUTH_FAILED;
  const log =
    error instanceof SocialLoginError
      ? request.log.warn.bind(request.log)
      : request.log.error.bind(request.log);
  const reason = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? error.cause : undefined;
  log({ err: error, cause, provider }, `social sign-in with ${provider} failed: ${reason}`);
  return reply.header('cache-control', 'no-store').redirect(authorizePage({ error: code, provider }));
}

/** Google and Facebook sign-in: which are offered, the start, and the provider's return. */
async function registerSocialLogin(app: FastifyInstance): Promise<void> {
  const social = createSocialLoginService({
    db: app.database.db,
    config: app.config,
    sessions: app.sessions,
    limiter: app.limiter,
  });

  registerRoute(app, accountsRoutes.oauthProviders, async () => ({
    google: social.isConfigured('google'),
    facebook: social.isConfigured('facebook'),
  }));

  // The session starts here, in the web app's own request, not in the provider's redirect.
  const devices = createDeviceCookies(app.config.jwtSecret);
  registerRoute(app, accountsRoutes.oauthExchange, async ({ body, request, reply }) => {
    const binding = readOAuthBinding(request.headers.cookie);
    const { userId, ...tokens } = await social.exchange(body.code, binding, sessionMeta(request));
    // A social sign-in makes this browser known to the account too (accounts.service's throttle).
    // The binding cookie is left to expire: a sign-in started in another tab may still need it.
    void reply.header('set-cookie', devices.issue(userId, request.protocol === 'https'));
    return tokens;
  });

  app.get<ProviderRoute & { Querystring: z.infer<typeof ZStartQuery> }>(
    OAUTH_START_PATH,
    {
      schema: {
        summary: 'Start a social sign-in (browser redirect)',
        tags,
        params: ZProviderParams,
        querystring: ZStartQuery,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      try {
        // One binding per browser: a sign-in started in another tab meanwhile keeps working.
        const binding = readOAuthBinding(request.headers.cookie) ?? newOAuthBinding();
        const url = await social.start(provider, request.query.returnTo, request.ip, binding);
        return reply
          .header('cache-control', 'no-store')
          .header('set-cookie', oauthBindingCookie(binding, request.protocol === 'https'))
          .redirect(url.href);
      } catch (error) {
        return redirectFailure(request, reply, provider, error);
      }
    },
  );

  app.get<ProviderRoute>(
    OAUTH_CALLBACK_PATH,
    {
      schema: {
        summary: "The provider's return (browser redirect)",
        tags,
        params: ZProviderParams,
        querystring: ZCallbackQuery,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      try {
        const search = new URL(request.url, 'http://callback').search;
        const { code, returnTo } = await social.finish(
          provider,
          search,
          readOAuthBinding(request.headers.cookie),
        );
        return reply.header('cache-control', 'no-store').redirect(authorizePage({ code, returnTo }));
      } catch (error) {
        return redirectFailure(request, reply, provider, error);
      }
    },
  );
}

export const socialLoginModule = fp(registerSocialLogin, {
  name: 'social-login',
  dependencies: ['auth', 'rate-limit'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
