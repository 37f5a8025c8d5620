import { randomUUID } from 'node:crypto';
import { ErrorCode, type TTokenResponse } from '@linkstore/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config/config';
import type { AppDatabase } from '../db/database';
import { withTransaction } from '../db/transaction';
import { AppError } from '../errors/app-error';
import { refreshTokens, users } from './auth.tables';
import { hashToken, newOpaqueToken, successorToken, type TokenSigner } from './tokens';
import { stampNow } from '../db/stamp';

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/**
 * A rotated token presented again within this many seconds is most likely the same client's
 * parallel request or a retry after a lost answer, not theft: it gets the same successor again
 * while that one is unused. Later, it is reuse and ends the sign-in.
 */
export const REUSE_GRACE_SECONDS = 10;

export function refreshTokenInvalid(): AppError {
  return AppError.of(ErrorCode.REFRESH_TOKEN_INVALID, 'error.refreshTokenInvalid');
}

type Outcome = { ok: true; tokens: TTokenResponse } | { ok: false };

export type SessionService = ReturnType<typeof createSessionService>;

/** Sign-ins: issuing a token pair, rotating refresh tokens, ending sign-ins. */
export function createSessionService(db: AppDatabase, signer: TokenSigner, config: AppConfig) {
  const ttl = config.auth.accessTokenTtlSeconds;
  const clip = (value: string | undefined, length: number) => value?.slice(0, length) ?? null;

  async function pair(
    userId: number,
    familyId: string,
    tokenVersion: number,
    refreshToken: string,
  ): Promise<TTokenResponse> {
    return {
      tokenType: 'Bearer',
      accessToken: await signer.sign({ sub: String(userId), sid: familyId, ver: tokenVersion }, ttl),
      refreshToken,
      expiresIn: ttl,
    };
  }

  return {
    /** Starts a new sign-in (a new refresh token family) for a user who proved who they are. */
    async issue(userId: number, meta: SessionMeta = {}, tx: AppDatabase = db): Promise<TTokenResponse> {
      const [user] = await tx
        .select({ tokenVersion: users.tokenVersion })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw new Error(`no user ${userId}`);
      const familyId = randomUUID();
      const { token, hash } = newOpaqueToken();
      const expiresAt = new Date(Date.now() + config.auth.refreshTokenTtlDays * 86_400_000);
      await tx.insert(refreshTokens).values({
        userId,
        familyId,
        tokenHash: hash,
        expiresAt,
        userAgent: clip(meta.userAgent, 255),
        ip: clip(meta.ip, 64),
      });
      await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
      return pair(userId, familyId, user.tokenVersion, token);
    },

    /**
     * Trades a refresh token for a new pair. The presented token is spent; presenting a spent
     * token again (after the grace period) ends the whole sign-in, so a stolen copy is useless
     * once either party uses it.
     */
    async rotate(refreshToken: string, meta: SessionMeta = {}): Promise<TTokenResponse> {
      const outcome = await withTransaction(db, async (tx): Promise<Outcome> => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
          .for('update');
        if (!row || row.revokedAt) return { ok: false };
        const now = new Date();
        if (row.expiresAt <= now) return { ok: false };
        const [user] = await tx
          .select({ status: users.status, tokenVersion: users.tokenVersion })
          .from(users)
          .where(eq(users.id, row.userId));
        if (!user || user.status !== 1) return { ok: false };
        const successor = successorToken(config.jwtSecret, refreshToken);
        if (row.rotatedAt) {
          if (now.getTime() - row.rotatedAt.getTime() > REUSE_GRACE_SECONDS * 1000) {
            await tx
              .update(refreshTokens)
              .set({ revokedAt: now })
              .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
            return { ok: false };
          }
          // Within the grace period: the same successor again, as long as nobody has spent it.
          const [next] = await tx
            .select({ rotatedAt: refreshTokens.rotatedAt, revokedAt: refreshTokens.revokedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, successor.hash));
          if (!next || next.rotatedAt || next.revokedAt) return { ok: false };
          return {
            ok: true,
            tokens: await pair(row.userId, row.familyId, user.tokenVersion, successor.token),
          };
        }
        await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
        await tx.insert(refreshTokens).values({
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: successor.hash,
          expiresAt: row.expiresAt,
          userAgent: clip(meta.userAgent, 255),
          ip: clip(meta.ip, 64),
        });
        return { ok: true, tokens: await pair(row.userId, row.familyId, user.tokenVersion, successor.token) };
      });
      if (!outcome.ok) throw refreshTokenInvalid();
      return outcome.tokens;
    },

    /** Ends one sign-in: its refresh tokens stop working and so do its access tokens. */
    async revokeFamily(familyId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Ends every sign-in of a user (password changed, account disabled). */
    async revokeAllForUser(userId: number, tx: AppDatabase = db): Promise<void> {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: stampNow() })
        .where(eq(users.id, userId));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
