import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, ZEnvelope, ZTokenResponse, type TTokenResponse } from '@linkstore/contract';
import { eq, sql } from 'drizzle-orm';
import { base64url, decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../platform/auth/auth.tables';
import { REUSE_GRACE_SECONDS } from '../platform/auth/sessions';
import { hashToken } from '../platform/auth/tokens';
import { outboxDir } from '../platform/mail/mail-plugin';
import { inbox, readOutbox, type Inbox } from '../platform/mail/mail-testing';
import { codeOf } from '../test/emailed-codes';
import { createTestApp, type TestContext } from '../test/helper';
import { accessTokenFor, createUser, grantRole } from '../test/users';
import { recordFigures } from './figures';

/**
 * Tokens and sessions (issue 15): refresh-token reuse after the grace period ends the whole
 * family; forged, `alg: none`, wrong audience/issuer/type, expired tokens and tokens of the wrong
 * kind are refused; sign-out, password change and reset, disabling and deleting end sessions —
 * access tokens included, at once (the auth plugin looks the sign-in up on every request; the
 * access TTL is not what ends them).
 */

const PASSWORD = 'Tokens-part-pw-1';
const NEW_PASSWORD = 'Tokens-part-pw-2';
const ME = '/api/v1/users/me';

let ctx: TestContext;
let dataDir: string;
let mail: Inbox;
let rootToken = '';
let requests = 0;
const statuses: Record<string, number> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'linkstore-sec-tokens-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' } });
  mail = inbox(() => readOutbox(outboxDir(dataDir)));
  rootToken = await accessTokenFor(ctx.app, 'root');
});
afterAll(async () => {
  recordFigures('tokens', { requests, answersByStatus: statuses, refreshGraceSeconds: REUSE_GRACE_SECONDS });
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addresses = 0;
async function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  requests += 1;
  const res = await ctx.app.inject({
    method,
    url,
    // Each request from its own address, so no rate limit of the sign-in routes gets in the way.
    remoteAddress: `10.77.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  return res;
}

async function signIn(username: string, password = PASSWORD): Promise<TTokenResponse> {
  const res = await send('POST', '/api/v1/auth/login', undefined, { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZTokenResponse).parse(res.json()).data;
}

const refresh = (refreshToken: string) =>
  send('POST', '/api/v1/auth/refresh-token', undefined, { refreshToken });

async function rotate(refreshToken: string): Promise<TTokenResponse> {
  const res = await refresh(refreshToken);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZTokenResponse).parse(res.json()).data;
}

/** The access token opens `/users/me` (200), or is refused with 401 "1002". */
async function expectAccess(token: string, works: boolean, label: string) {
  const res = await send('GET', ME, token);
  expect({ label, status: res.statusCode, code: res.json<{ code: unknown }>().code }).toEqual(
    works ? { label, status: 200, code: 1 } : { label, status: 401, code: ErrorCode.ACCESS_TOKEN_INVALID },
  );
}

/** The refresh token is refused with 401 "A0231" (and gives no token). */
async function expectRefreshRefused(token: string, label: string) {
  const res = await refresh(token);
  expect({ label, status: res.statusCode, code: res.json<{ code: unknown }>().code }).toEqual({
    label,
    status: 401,
    code: ErrorCode.REFRESH_TOKEN_INVALID,
  });
}

/** Moves a spent refresh token's rotation back in time, as if the clock had moved on. */
async function ageRotation(refreshToken: string, seconds: number) {
  await ctx.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - ${`${seconds} seconds`}::interval` })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
}

/** A user who signs in with a password; an operator (a role of its own, no permission) when asked. */
async function newUser(
  username: string,
  options: { email?: string; operator?: boolean } = {},
): Promise<number> {
  const id = await createUser(ctx.database.db, {
    username,
    password: PASSWORD,
    ...(options.email ? { email: options.email } : {}),
  });
  if (options.operator)
    await grantRole(ctx.database.db, id, `TOK_${username.toUpperCase().replace(/-/g, '_')}`, []);
  return id;
}

describe('refresh token rotation', () => {
  it('a spent refresh token presented after the grace period ends its whole family, and only it', async () => {
    await newUser('tok-reuse');
    const stolen = await signIn('tok-reuse');
    const other = await signIn('tok-reuse');
    const second = await rotate(stolen.refreshToken);
    const third = await rotate(second.refreshToken);
    // Within the grace period the spent token is a retry: it is not treated as theft.
    await ageRotation(stolen.refreshToken, REUSE_GRACE_SECONDS + 1);
    await expectRefreshRefused(stolen.refreshToken, 'spent token after the grace period');

    for (const [label, token] of [
      ['second', second],
      ['third (the live one)', third],
    ] as const) {
      await expectRefreshRefused(token.refreshToken, `family member ${label}`);
    }
    for (const [label, token] of [
      ['first', stolen],
      ['second', second],
      ['third', third],
    ] as const) {
      await expectAccess(token.accessToken, false, `family access token ${label}`);
    }
    // The user's other sign-in goes on.
    await expectAccess(other.accessToken, true, 'other sign-in');
    const next = await rotate(other.refreshToken);
    await expectAccess(next.accessToken, true, 'other sign-in, rotated');
  });

  it('within the grace period a spent token gets the same successor and ends nothing', async () => {
    await newUser('tok-grace');
    const first = await signIn('tok-grace');
    const second = await rotate(first.refreshToken);
    const again = await rotate(first.refreshToken);
    expect(again.refreshToken).toBe(second.refreshToken);
    await expectAccess(second.accessToken, true, 'after a retry within the grace period');
    // Once the successor is spent, the retry window is closed: the old token gets nothing.
    await rotate(second.refreshToken);
    await expectRefreshRefused(first.refreshToken, 'retry after the successor was spent');
  });
});

describe('forged and misused tokens', () => {
  const secret = () => new TextEncoder().encode(ctx.config.jwtSecret);

  async function forge(
    options: {
      key?: Uint8Array;
      alg?: string;
      typ?: string;
      audience?: string;
      issuer?: string;
      expiresAt?: number;
      claims?: Record<string, unknown>;
    },
    base: { sub: string; sid: string; ver: number },
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ sid: base.sid, ver: base.ver, ...options.claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? 'at+jwt' })
      .setSubject(base.sub)
      .setIssuer(options.issuer ?? ctx.config.publicUrl)
      .setAudience(options.audience ?? 'linkstore-api')
      .setIssuedAt(now - 5)
      .setExpirationTime(options.expiresAt ?? now + 600);
    return jwt.sign(options.key ?? secret());
  }

  it('only a token signed with the server key, of the right kind, audience, issuer and age is accepted', async () => {
    await newUser('tok-forge');
    const real = await signIn('tok-forge');
    const base = decodeJwt(real.accessToken) as { sub: string; sid: string; ver: number };

    // The harness is right: a token made here with the server's key and claims is accepted…
    await expectAccess(await forge({}, base), true, 'control: correctly made token');

    const header = (h: object) => base64url.encode(JSON.stringify(h));
    const [, payload, signature] = real.accessToken.split('.');
    const cases: [string, string][] = [
      ['signed with another key', await forge({ key: new TextEncoder().encode('x'.repeat(40)) }, base)],
      ['alg none, no signature', `${header({ alg: 'none', typ: 'at+jwt' })}.${payload}.`],
      ['alg none, real signature kept', `${header({ alg: 'none', typ: 'at+jwt' })}.${payload}.${signature}`],
      ['HS512 with the server key', await forge({ alg: 'HS512' }, base)],
      ['wrong audience', await forge({ audience: 'linkstore-web' }, base)],
      ['wrong issuer', await forge({ issuer: 'https://evil.example' }, base)],
      ['wrong type (JWT)', await forge({ typ: 'JWT' }, base)],
      ['expired', await forge({ expiresAt: Math.floor(Date.now() / 1000) - 1 }, base)],
      [
        'claims changed, signature kept (sub → root)',
        `${real.accessToken.split('.')[0]}.${base64url.encode(JSON.stringify({ ...decodeJwt(real.accessToken), sub: '1' }))}.${signature}`,
      ],
      ['old token version', await forge({}, { ...base, ver: base.ver - 1 })],
      ['no sign-in id', await forge({ claims: { sid: undefined } }, base)],
      ['the refresh token as access token', real.refreshToken],
      ['garbage', 'not-a-token'],
    ];
    for (const [label, token] of cases) await expectAccess(token, false, label);

    // The access token as a refresh token: refused (it is longer than any refresh token, so the
    // contract already says A0400; shorter, it would be unknown: A0231), and no token comes back.
    const res = await refresh(real.accessToken);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(JSON.stringify(res.json<{ data: unknown }>().data ?? null)).not.toContain('accessToken');
    expect(res.json<{ code: string }>().code).toMatch(
      new RegExp(`^(${ErrorCode.REFRESH_TOKEN_INVALID}|${ErrorCode.VALIDATION_FAILED})$`),
    );
    // …and the real one still works after all that.
    await expectAccess(real.accessToken, true, 'the real token afterwards');
  });
});

describe('what ends a session', () => {
  it('sign-out ends this sign-in at once (access and refresh), not the others', async () => {
    await newUser('tok-logout');
    for (const [method, url] of [
      ['DELETE', '/api/v1/auth/logout'],
      ['POST', '/api/logout'],
    ] as const) {
      const leaving = await signIn('tok-logout');
      const staying = await signIn('tok-logout');
      const res = await send(method, url, leaving.accessToken);
      expect(res.statusCode, res.body).toBe(200);
      await expectAccess(leaving.accessToken, false, `${url}: access after sign-out`);
      await expectRefreshRefused(leaving.refreshToken, `${url}: refresh after sign-out`);
      await expectAccess(staying.accessToken, true, `${url}: the other sign-in`);
      await rotate(staying.refreshToken);
    }
  });

  it('a password change ends every other sign-in at once; this one goes on', async () => {
    await newUser('tok-pwchange');
    const here = await signIn('tok-pwchange');
    const elsewhere = await signIn('tok-pwchange');
    const res = await send('PUT', '/api/v1/users/password', here.accessToken, {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectAccess(elsewhere.accessToken, false, 'other sign-in after a password change');
    await expectRefreshRefused(elsewhere.refreshToken, 'other sign-in refresh after a password change');
    await expectAccess(here.accessToken, true, 'the sign-in that changed it');
    await rotate(here.refreshToken);
  });

  it('a password reset (emailed code, or by an operator) ends every sign-in at once', async () => {
    await newUser('tok-reset', { email: 'tok-reset@example.com' });
    const before = [await signIn('tok-reset'), await signIn('tok-reset')];
    expect(
      (await send('POST', '/api/v1/auth/password/code', undefined, { email: 'tok-reset@example.com' }))
        .statusCode,
    ).toBe(200);
    const code = codeOf(await mail.next('tok-reset@example.com'));
    const reset = await send('POST', '/api/v1/auth/password/reset', undefined, {
      email: 'tok-reset@example.com',
      code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const [i, s] of before.entries()) {
      await expectAccess(s.accessToken, false, `sign-in ${i} after a reset by code`);
      await expectRefreshRefused(s.refreshToken, `sign-in ${i} refresh after a reset by code`);
    }

    const id = await newUser('tok-opreset', { operator: true });
    const session = await signIn('tok-opreset');
    const byOperator = await send('PUT', `/api/v1/users/${id}/password/reset`, rootToken, {
      password: NEW_PASSWORD,
    });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    await expectAccess(session.accessToken, false, 'after a reset by an operator');
    await expectRefreshRefused(session.refreshToken, 'refresh after a reset by an operator');
  });

  it('disabling a user (status route or the edit form) ends every sign-in at once and stops new ones', async () => {
    const id = await newUser('tok-disabled', { operator: true });
    const session = await signIn('tok-disabled');
    const res = await send('PATCH', `/api/v1/users/${id}/status?status=0`, rootToken);
    expect(res.statusCode, res.body).toBe(200);
    await expectAccess(session.accessToken, false, 'access of a disabled user');
    await expectRefreshRefused(session.refreshToken, 'refresh of a disabled user');
    const again = await send('POST', '/api/v1/auth/login', undefined, {
      username: 'tok-disabled',
      password: PASSWORD,
    });
    expect([again.statusCode, again.json<{ code: unknown }>().code]).toEqual([
      403,
      ErrorCode.ACCOUNT_DISABLED,
    ]);
    // Enabling again does not bring the old sign-in back.
    expect((await send('PATCH', `/api/v1/users/${id}/status?status=1`, rootToken)).statusCode).toBe(200);
    await expectAccess(session.accessToken, false, 'old access after re-enabling');
    await expectRefreshRefused(session.refreshToken, 'old refresh after re-enabling');

    const formId = await newUser('tok-disabled-form', { operator: true });
    const formSession = await signIn('tok-disabled-form');
    const form = await send('GET', `/api/v1/users/${formId}/form`, rootToken);
    expect(form.statusCode, form.body).toBe(200);
    const edited = await send('PUT', `/api/v1/users/${formId}`, rootToken, {
      ...form.json<{ data: object }>().data,
      status: 0,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectAccess(formSession.accessToken, false, 'access of a user disabled in the form');
    await expectRefreshRefused(formSession.refreshToken, 'refresh of a user disabled in the form');
  });

  it('a disabled user whose row was changed behind the app is refused too (status is read per request)', async () => {
    const id = await newUser('tok-disabled-sql');
    const session = await signIn('tok-disabled-sql');
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.id, id));
    await expectAccess(session.accessToken, false, 'access of a user disabled in the database');
    await expectRefreshRefused(session.refreshToken, 'refresh of a user disabled in the database');
  });

  it('a deleted user’s tokens are refused', async () => {
    const id = await newUser('tok-deleted', { operator: true });
    const session = await signIn('tok-deleted');
    const res = await send('DELETE', `/api/v1/users/${id}`, rootToken);
    expect(res.statusCode, res.body).toBe(200);
    await expectAccess(session.accessToken, false, 'access of a deleted user');
    await expectRefreshRefused(session.refreshToken, 'refresh of a deleted user');
  });
});
