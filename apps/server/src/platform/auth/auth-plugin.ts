import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { refreshTokens, users } from './auth.tables';
import { loadAccess } from './access';
import type { SessionUser } from '../http/access';
import { createTtlCache } from '../cache/ttl-cache';
import { createSessionService, type SessionMeta, type SessionService } from './sessions';
import { createTokenSigner, type AccessClaims, type TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    sessions: SessionService;
    /**
     * Who an access token belongs to, checked as a request's `Authorization` is (valid, user
     * active, token version current, sign-in not ended); undefined otherwise. For the realtime
     * socket, whose token comes in its CONNECT frame.
     */
    authenticateToken(token: string): Promise<SessionUser | undefined>;
  }
  interface FastifyRequest {
    /** The sign-in the access token belongs to (refresh token family), when signed in. */
    sessionId: string | null;
  }
}

/** What a checked session depends on: the user's row, sign-ins and role grants … */
const USER_TABLES = new Set(['users', 'refresh_tokens', 'user_roles']);
/** … and the roles and their menus (permissions), everyone's. */
const ACCESS_TABLES = new Set(['roles', 'role_menus', 'menus']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function sessionMeta(request: FastifyRequest): SessionMeta {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : undefined, ip: request.ip };
}

/**
 * Reads `Authorization: Bearer …` on every request. A valid token whose user is active, whose
 * token version is current and whose sign-in was not ended sets `request.user`; anything else
 * leaves the request anonymous, and routes that need a user answer "1002".
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const signer = createTokenSigner(app.config.jwtSecret, app.config.publicUrl);
    app.decorate('tokens', signer);
    app.decorate('sessions', createSessionService(app.database.db, signer, app.config));
    app.decorateRequest('sessionId', null);

    async function resolve(claims: AccessClaims): Promise<SessionUser | undefined> {
      const userId = Number(claims.sub);
      if (!Number.isSafeInteger(userId) || !UUID.test(claims.sid)) return undefined;
      const [row] = await app.database.db
        .select({
          status: users.status,
          tokenVersion: users.tokenVersion,
          isEnded: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${claims.sid} and ${refreshTokens.revokedAt} is not null)`,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row || row.status !== 1 || row.tokenVersion !== claims.ver || row.isEnded) return undefined;
      const granted = await loadAccess(app.database.db, userId);
      return { id: String(userId), ...granted };
    }

    // Checked sessions, reused for PRIVATE_CACHE_MS while the change feed listens: a change to
    // the user, their sign-ins or their roles forgets the user's entries, a change to roles or
    // menus forgets all (decision 0031). The token's expiry is checked on every request
    // (its signature once per token: platform/auth/tokens.ts).
    const checked = createTtlCache<SessionUser | undefined>(app.config.privateCacheMs, 10_000);
    const forgetUser = (id: string) => checked.deleteWhere((key) => key.startsWith(`${id}|`));
    const unsubscribe = app.changes.subscribe((event) => {
      if (event === 'reset' || ACCESS_TABLES.has(event.table)) checked.clear();
      else if (event.userId && USER_TABLES.has(event.table)) forgetUser(event.userId);
    });
    app.addHook('onClose', async () => unsubscribe());
    // The caller's own write (a sign-out, a password change) is seen by their next request even
    // before the feed's notice arrives.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.user && request.method !== 'GET' && request.method !== 'HEAD') forgetUser(request.user.id);
      return payload;
    });
    const check = (claims: AccessClaims) =>
      app.changes.live
        ? checked.get(`${claims.sub}|${claims.sid}|${claims.ver}`, () => resolve(claims))
        : resolve(claims);

    app.decorate('authenticateToken', async (token: string) => {
      const claims = await signer.verify(token);
      return claims ? check(claims) : undefined;
    });

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (typeof header !== 'string' || !header.startsWith('Bearer ')) return;
      const claims = await signer.verify(header.slice(7).trim());
      if (!claims) return;
      const user = await check(claims);
      if (!user) return;
      request.user = user;
      request.sessionId = claims.sid;
    });
  },
  { name: 'auth', dependencies: ['request-context', 'changes'] },
);
