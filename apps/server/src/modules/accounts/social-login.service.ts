import { ErrorCode, type TErrorCode, type TOAuthProvider, type TTokenResponse } from '@linkstore/contract';
import { and, eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { oauthCodes, oauthStates, userIdentities, users } from '../../platform/auth/auth.tables';
import type { SessionMeta, SessionService } from '../../platform/auth/sessions';
import { hashToken, newOpaqueToken } from '../../platform/auth/tokens';
import type { AppConfig, OAuthProviderConfig } from '../../platform/config/config';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import type { RateLimiter } from '../../platform/rate-limit/limiter';

/** How long a started sign-in may take at the provider. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** How long the web app has to trade the one-time code of a finished sign-in for tokens. */
export const OAUTH_CODE_TTL_MS = 60_000;
const SCOPE = 'openid email profile';
const RETURN_TO_MAX = 255;
/** Sign-ins one address may start per window: each leaves a row until it expires. */
export const OAUTH_STARTS_PER_WINDOW = 30;
const START_WINDOW_MS = 10 * 60_000;

/** Why a social sign-in ended without a session; only `code` reaches the browser. */
export class SocialLoginError extends Error {
  constructor(
    readonly code: TErrorCode,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'SocialLoginError';
  }
}

function failed(reason: string, cause?: unknown): SocialLoginError {
  return new SocialLoginError(ErrorCode.OAUTH_FAILED, reason, cause === undefined ? undefined : { cause });
}

/** An unknown, expired or already used one-time code (the same answer for each). */
function codeInvalid(): AppError {
  return AppError.of(ErrorCode.OAUTH_FAILED, 'auth.oauthCodeInvalid');
}

/**
 * Where the web app goes after signing in: one of our hash routes (`/orders/1`), never another
 * site. Anything that is not a plain absolute path (`//host`, `/\host`, a URL, spaces) is `/`.
 */
export function sanitizeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > RETURN_TO_MAX) return '/';
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : '/';
}

/** Plain http is allowed only for a provider on this machine (tests, local development). */
function isLoopback(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

interface IdClaims {
  sub: string;
  email: string | undefined;
  isEmailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

function readClaims(claims: oidc.IDToken | undefined): IdClaims {
  if (!claims || typeof claims.sub !== 'string' || !claims.sub) throw failed('no subject in the ID token');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    sub: claims.sub,
    email: text(claims.email)?.toLowerCase(),
    // Some providers have sent the string "true".
    isEmailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name),
    picture: text(claims.picture),
  };
}

function httpUrlOrNull(value: string | undefined): string | null {
  const parsed = value ? URL.parse(value) : null;
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.href : null;
}

interface Deps {
  db: AppDatabase;
  config: AppConfig;
  sessions: SessionService;
  limiter: RateLimiter;
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;

/**
 * Google and Facebook sign-in: OpenID Connect authorization code flow with state, nonce and
 * PKCE (S256). The account is found by (provider, subject) only — an email address is never
 * used to link to an existing account, since whoever controls a provider account could
 * otherwise take over ours.
 */
export function createSocialLoginService({ db, config, sessions, limiter }: Deps) {
  // One discovery per provider and process; a failed one is forgotten so the next try repeats it.
  const discovered = new Map<TOAuthProvider, Promise<oidc.Configuration>>();

  function settings(provider: TOAuthProvider): OAuthProviderConfig {
    const found = config.oauth[provider];
    if (!found) throw failed(`${provider} is not configured`);
    return found;
  }

  function redirectUri(provider: TOAuthProvider): string {
    return `${config.publicUrl}/api/v1/auth/oauth/${provider}/callback`;
  }

  function configuration(provider: TOAuthProvider): Promise<oidc.Configuration> {
    let pending = discovered.get(provider);
    if (!pending) {
      const { issuer, clientId, clientSecret } = settings(provider);
      const url = new URL(issuer);
      pending = oidc.discovery(
        url,
        clientId,
        clientSecret,
        undefined,
        isLoopback(url) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      pending.catch(() => discovered.delete(provider));
      discovered.set(provider, pending);
    }
    return pending;
  }

  /** Finds the person's account by (provider, subject), or opens a new one; never by email. */
  async function findOrCreateUser(tx: AppDatabase, provider: TOAuthProvider, claims: IdClaims) {
    const [linked] = await tx
      .select({ id: users.id, status: users.status, identityId: userIdentities.id })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, claims.sub)));
    if (linked) {
      await tx
        .update(userIdentities)
        .set({ email: claims.email ?? null })
        .where(eq(userIdentities.id, linked.identityId));
      return linked;
    }
    let email = claims.isEmailVerified ? (claims.email ?? null) : null;
    if (email) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      // Someone already has this address: the new account simply goes without it.
      if (taken) email = null;
    }
    const nickname = (claims.name ?? claims.email?.split('@')[0] ?? `${provider} user`).slice(0, 64);
    const [created] = await tx
      .insert(users)
      .values({ email, nickname, avatarUrl: httpUrlOrNull(claims.picture) })
      .returning({ id: users.id, status: users.status });
    if (!created) throw new Error('user insert returned nothing');
    await tx
      .insert(userIdentities)
      .values({ userId: created.id, provider, subject: claims.sub, email: claims.email ?? null });
    return created;
  }

  return {
    isConfigured(provider: TOAuthProvider): boolean {
      return config.oauth[provider] !== undefined;
    },

    /**
     * Records state, PKCE verifier and nonce, bound to the starting browser (`binding`, the value
     * of its binding cookie: only its hash is kept); returns the provider's authorization URL.
     */
    async start(provider: TOAuthProvider, returnTo: unknown, ip: string, binding: string): Promise<URL> {
      settings(provider);
      if ((await limiter.hit(`oauth:start:${ip}`, START_WINDOW_MS)) > OAUTH_STARTS_PER_WINDOW) {
        throw new SocialLoginError(ErrorCode.RATE_LIMITED, `too many sign-ins started from ${ip}`);
      }
      const server = await configuration(provider).catch((error: unknown) => {
        throw failed(`discovery of ${provider} failed`, error);
      });
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = Date.now();
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(now)));
      await db.insert(oauthStates).values({
        state,
        provider,
        codeVerifier,
        nonce,
        returnTo: sanitizeReturnTo(returnTo),
        bindingHash: hashToken(binding),
        expiresAt: new Date(now + OAUTH_STATE_TTL_MS),
      });
      return oidc.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri(provider),
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * The provider's return: spends the state (once only), trades the code with the PKCE
     * verifier, checks state and nonce, finds or opens the account, and leaves a one-time code
     * for the web app to trade for tokens (`exchange`). No token is issued here: the answer is
     * a browser redirect, and a URL ends up in history, logs and Referer headers.
     *
     * Only the browser that started the sign-in finishes it (`binding`: its binding cookie): a
     * callback address carried to another browser (login CSRF: an attacker's finished sign-in
     * handed to a victim) is refused, and leaves the state for its own browser.
     */
    async finish(
      provider: TOAuthProvider,
      search: string,
      binding: string | undefined,
    ): Promise<{ code: string; returnTo: string }> {
      const state = new URLSearchParams(search).get('state');
      if (!state || state.length > 64) throw failed('no usable state in the callback');
      if (!binding) throw failed('no binding cookie: the sign-in was not started in this browser');
      const bindingHash = hashToken(binding);
      const [pending] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, state), eq(oauthStates.bindingHash, bindingHash)))
        .returning();
      if (!pending) throw failed('unknown or already used state, or started in another browser');
      if (pending.provider !== provider) throw failed(`state belongs to ${pending.provider}`);
      if (pending.expiresAt.getTime() <= Date.now()) throw failed('state expired');

      const server = await configuration(provider).catch((error: unknown) => {
        throw failed(`discovery of ${provider} failed`, error);
      });
      const currentUrl = new URL(`${redirectUri(provider)}${search}`);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(server, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw failed('the authorization code was not accepted', error);
      }
      const claims = readClaims(tokens.claims());

      const { token: code, hash } = newOpaqueToken();
      const isActive = await withTransaction(db, async (tx) => {
        const user = await findOrCreateUser(tx, provider, claims);
        if (user.status !== 1) return false;
        const now = Date.now();
        await tx.delete(oauthCodes).where(lt(oauthCodes.expiresAt, new Date(now)));
        await tx.insert(oauthCodes).values({
          codeHash: hash,
          userId: user.id,
          bindingHash,
          expiresAt: new Date(now + OAUTH_CODE_TTL_MS),
        });
        return true;
      });
      if (!isActive) throw new SocialLoginError(ErrorCode.ACCOUNT_DISABLED, 'the account is disabled');
      return { code, returnTo: pending.returnTo };
    },

    /**
     * Trades the one-time code for a new sign-in, once: the row is deleted as it is read, so of
     * two simultaneous exchanges only one finds it. Unknown, expired and used codes answer
     * A0260 alike; an account disabled since the callback answers A0211. Only the browser that
     * started the sign-in (`binding`) may trade it: from any other the code is unknown (A0260)
     * and stays usable by its own browser.
     */
    async exchange(
      code: string,
      binding: string | undefined,
      meta: SessionMeta,
    ): Promise<TTokenResponse & { userId: number }> {
      if (!binding) throw codeInvalid();
      type Outcome =
        { ok: true; tokens: TTokenResponse & { userId: number } } | { ok: false; error: AppError };
      const outcome = await withTransaction(db, async (tx): Promise<Outcome> => {
        const [row] = await tx
          .delete(oauthCodes)
          .where(
            and(eq(oauthCodes.codeHash, hashToken(code)), eq(oauthCodes.bindingHash, hashToken(binding))),
          )
          .returning({ userId: oauthCodes.userId, expiresAt: oauthCodes.expiresAt });
        if (!row || row.expiresAt.getTime() <= Date.now()) return { ok: false, error: codeInvalid() };
        const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, row.userId));
        if (!user) return { ok: false, error: codeInvalid() };
        if (user.status !== 1) {
          return { ok: false, error: AppError.of(ErrorCode.ACCOUNT_DISABLED, 'auth.accountDisabled') };
        }
        return { ok: true, tokens: { ...(await sessions.issue(row.userId, meta, tx)), userId: row.userId } };
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.tokens;
    },
  };
}
