import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const TYPE = 'at+jwt';
const AUDIENCE = 'linkstore-api';
/** How many verified tokens each process remembers (≈ 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** The sign-in (refresh token family) this token belongs to: logout ends it. */
  sid: string;
  /** The user's token version when issued: a password change or disabling raises it. */
  ver: number;
}

export interface TokenSigner {
  sign(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  /** Resolves the claims of a valid token; undefined for anything else (never throws). */
  verify(token: string): Promise<AccessClaims | undefined>;
}

/**
 * Access tokens: HS256 JWTs with the algorithm, type, audience and issuer pinned on
 * verification, so `alg: none`, other algorithms, other token kinds and other issuers fail.
 */
export function createTokenSigner(secret: string, issuer: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // Tokens already verified, until they expire: a signed-in page's burst of requests (and every
  // request of a busy session) checks the signature once. Bounded; the oldest go first.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number | undefined) => {
    if (exp === undefined) return;
    verified.set(token, { claims, expiresAtMs: exp * 1000 });
    if (verified.size > VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
  };
  return {
    async sign(claims, ttlSeconds) {
      return new SignJWT({ sid: claims.sid, ver: claims.ver })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: TYPE,
          audience: AUDIENCE,
          issuer,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const { sub, sid, ver } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof ver !== 'number') return undefined;
        const claims = { sub, sid, ver };
        remember(token, claims, payload.exp);
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

/** An opaque refresh token (256 random bits) and the hash under which it is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that follows `token` in its family: an HMAC of it under a key only the
 * server holds, so the same spent token always has the same successor (a lost answer can be
 * asked for again and gets the same token back) and nobody without the key can compute it.
 */
export function successorToken(secret: string, token: string): { token: string; hash: string } {
  const next = createHmac('sha256', `refresh-successor:${secret}`).update(token).digest('base64url');
  return { token: next, hash: hashToken(next) };
}
