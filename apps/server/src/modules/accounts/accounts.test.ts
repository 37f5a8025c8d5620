import { ErrorCode, ZEnvelope, ZTokenResponse, type TTokenResponse } from '@linkstore/contract';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, refreshTokens, users } from '../../platform/auth/auth.tables';
import { hashToken } from '../../platform/auth/tokens';
import { solvedChallenge } from '../../test/guessing';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { ACCOUNT_FAILURES_BEFORE_CAPTCHA, ADDRESS_FAILURES_BEFORE_BLOCK } from './accounts.service';

const PASSWORD = 'correct horse 42';
let ctx: TestContext;
let open: TestContext; // CAPTCHA_ENABLED=false, as scripted clients run it

beforeAll(async () => {
  [ctx, open] = await Promise.all([createTestApp(), createTestApp({ env: { CAPTCHA_ENABLED: 'false' } })]);
  await createUser(ctx.database.db, { email: 'ana@example.com', username: 'ana', password: PASSWORD });
  await createUser(open.database.db, { email: 'ana@example.com', username: 'ana', password: PASSWORD });
  await createUser(open.database.db, { email: 'off@example.com', password: PASSWORD, status: 0 });
});
afterAll(async () => {
  await Promise.all([ctx.close(), open.close()]);
});

/** Solves a captcha the way only the server can: by knowing the answer it stored. */
async function solvedCaptcha(app: TestContext): Promise<{ captchaKey: string; captchaCode: string }> {
  const res = await app.app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
  const { captchaKey, captchaBase64 } = res.json().data as { captchaKey: string; captchaBase64: string };
  expect(captchaBase64).toMatch(/^data:image\/svg\+xml;base64,/);
  // Replace the stored answer with one we know; the check itself is the real one.
  await app.database.db
    .update(captchas)
    .set({ answerHash: hashToken('7') })
    .where(eq(captchas.id, captchaKey));
  return { captchaKey, captchaCode: '7' };
}

/** Each caller address has its own failure counters; tests that fail on purpose use their own. */
function login(
  app: TestContext,
  body: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return app.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body, headers, remoteAddress });
}

async function signIn(app: TestContext = open, username = 'ana@example.com'): Promise<TTokenResponse> {
  const res = await login(app, { username, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZTokenResponse).parse(res.json()).data;
}

const refresh = (app: TestContext, refreshToken: string) =>
  app.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken } });
const me = (app: TestContext, accessToken: string) =>
  app.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('sign-in', () => {
  it('signs in by email or username with a solved captcha, multipart as the console sends it', async () => {
    const form = new FormData();
    form.set('username', 'ANA');
    form.set('password', PASSWORD);
    const captcha = await solvedCaptcha(ctx);
    form.set('captchaKey', captcha.captchaKey);
    form.set('captchaCode', captcha.captchaCode);
    const request = new Request('http://x', { method: 'POST', body: form });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    const tokens = ZEnvelope(ZTokenResponse).parse(res.json()).data;
    expect(tokens.tokenType).toBe('Bearer');
    const who = await me(ctx, tokens.accessToken);
    expect(who.json().data).toMatchObject({
      email: 'ana@example.com',
      username: 'ana',
      roles: [],
      perms: [],
    });
  });

  it('requires the captcha when enabled, and never accepts it twice', async () => {
    const missing = await login(ctx, { username: 'ana', password: PASSWORD }, { lang: 'es' });
    expect(missing.json()).toEqual({
      code: ErrorCode.CAPTCHA_REQUIRED,
      msg: 'Introduce el código de verificación',
      data: { captchaRequired: true },
    });
    const captcha = await solvedCaptcha(ctx);
    expect((await login(ctx, { username: 'ana', password: PASSWORD, ...captcha })).statusCode).toBe(200);
    const again = await login(ctx, { username: 'ana', password: PASSWORD, ...captcha });
    expect(again.json().code).toBe(ErrorCode.CAPTCHA_INVALID);
    const blank = await login(ctx, {
      username: 'ana',
      password: PASSWORD,
      captchaKey: captcha.captchaKey,
      captchaCode: '',
    });
    expect(blank.json().code).toBe(ErrorCode.CAPTCHA_REQUIRED);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await login(open, { username: 'nobody-1@example.com', password: 'x' }, {}, '10.0.1.1');
    const unknown = await login(
      open,
      { username: 'nobody-2@example.com', password: PASSWORD },
      {},
      '10.0.1.1',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('tells a disabled account only to whoever knows its password', async () => {
    expect((await login(open, { username: 'off@example.com', password: 'nope' })).json().code).toBe(
      ErrorCode.BAD_CREDENTIALS,
    );
    expect((await login(open, { username: 'off@example.com', password: PASSWORD })).json().code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );
  });

  it('asks for a proof of work and a captcha after failures even when captchas are off, without locking the owner out', async () => {
    const victim = 'victim@example.com';
    await createUser(open.database.db, { email: victim, password: PASSWORD });
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_CAPTCHA; i++) {
      // The attacker comes from many addresses; the account's own count still grows.
      await login(open, { username: victim, password: `guess-${i}` }, {}, `10.0.2.${i}`);
    }
    const res = await login(open, { username: victim, password: PASSWORD }, {}, '10.0.3.1');
    expect(res.json().code).toBe(ErrorCode.POW_REQUIRED);
    const altcha = await solvedChallenge(open);
    const next = await login(open, { username: victim, password: PASSWORD, altcha }, {}, '10.0.3.1');
    expect(next.json().code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    // The owner solves both and is in (a refusal for a missing captcha did not spend the solution).
    const ok = await login(
      open,
      { username: victim, password: PASSWORD, altcha, ...(await solvedCaptcha(open)) },
      {},
      '10.0.3.1',
    );
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an address that keeps failing, and a forged X-Forwarded-For does not reset it', async () => {
    const app = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
    try {
      for (let i = 0; i < ADDRESS_FAILURES_BEFORE_BLOCK; i++) {
        // Past the first failures every attempt needs a proof of work and a captcha; wrong
        // captcha answers count as failures.
        const guess = {
          username: `someone-${i}@example.com`,
          password: 'x',
          captchaKey: crypto.randomUUID(),
          captchaCode: '1',
          altcha: await solvedChallenge(app),
        };
        await login(app, guess, { 'x-forwarded-for': `10.0.0.${i}` });
      }
      const res = await login(
        app,
        { username: 'ana@example.com', password: PASSWORD },
        { 'x-forwarded-for': '10.9.9.9' },
      );
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
    } finally {
      await app.close();
    }
  });

  it('names missing fields, translated', async () => {
    const res = await login(open, { username: '' }, { lang: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['username', 'password']);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; the old one is spent once its successor is used', async () => {
    const first = await signIn();
    const res = await refresh(open, first.refreshToken);
    const second = ZEnvelope(ZTokenResponse).parse(res.json()).data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(open, second.accessToken)).statusCode).toBe(200);
    expect((await refresh(open, second.refreshToken)).statusCode).toBe(200);
    expect((await refresh(open, first.refreshToken)).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
  });

  it('give the same successor again when the answer was lost (a reload mid-refresh), without a second rotation', async () => {
    const first = await signIn();
    const lost = ZEnvelope(ZTokenResponse).parse((await refresh(open, first.refreshToken)).json()).data;
    // The browser never saw `lost` and still holds `first`.
    const again = await refresh(open, first.refreshToken);
    expect(again.statusCode).toBe(200);
    const second = ZEnvelope(ZTokenResponse).parse(again.json()).data;
    expect(second.refreshToken).toBe(lost.refreshToken);
    expect((await me(open, second.accessToken)).statusCode).toBe(200);
    const family = await open.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(second.refreshToken)));
    expect(family).toHaveLength(1);
    // The sign-in goes on from there.
    expect((await refresh(open, second.refreshToken)).statusCode).toBe(200);
  });

  it('no longer give the successor once the grace period is over, and end the sign-in', async () => {
    const first = await signIn();
    await refresh(open, first.refreshToken);
    await open.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refreshToken)));
    expect((await refresh(open, first.refreshToken)).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
  });

  it('accept the query form too', async () => {
    const first = await signIn();
    const res = await open.app.inject({
      method: 'POST',
      url: `/api/v1/auth/refresh-token?refreshToken=${encodeURIComponent(first.refreshToken)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('revoke the whole family when a rotated token is reused: the newest fails too', async () => {
    const first = await signIn();
    const second = ZEnvelope(ZTokenResponse).parse((await refresh(open, first.refreshToken)).json()).data;
    // Past the grace period for parallel requests, the reuse is theft.
    await open.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refreshToken)));
    const reuse = await refresh(open, first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
    expect((await refresh(open, second.refreshToken)).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
    expect((await me(open, second.accessToken)).json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
  });

  it('rotate once under 10 parallel refreshes, each answered with the same successor, and the sign-in survives', async () => {
    const first = await signIn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(open, first.refreshToken)));
    // Every caller gets the one successor: nobody is signed out, nothing forks.
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const successors = new Set(
      answers.map((a) => ZEnvelope(ZTokenResponse).parse(a.json()).data.refreshToken),
    );
    expect(successors.size).toBe(1);
    const rows = await open.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(first.refreshToken)));
    const family = await open.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, rows[0]?.familyId ?? ''));
    expect(family).toHaveLength(2);
    const [next = ''] = successors;
    expect((await refresh(open, next)).statusCode).toBe(200);
  });

  it('stop at the absolute lifetime', async () => {
    const first = await signIn();
    await open.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refreshToken)));
    expect((await refresh(open, first.refreshToken)).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
  });

  it('refuse garbage and an empty body', async () => {
    expect((await refresh(open, 'not-a-token')).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
    const empty = await open.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token' });
    expect(empty.json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
  });
});

describe('access tokens', () => {
  const secret = () => new TextEncoder().encode(open.config.jwtSecret);
  const base = () => ({ sid: '00000000-0000-4000-8000-000000000000', ver: 0 });

  it('refuse alg none, a tampered token, an expired one, another issuer, and a refresh token', async () => {
    const tokens = await signIn();
    const [header, payload, signature] = tokens.accessToken.split('.') as [string, string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url')}.${signature}`;
    const expired = await new SignJWT({ ...base() })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(String(claims.sub))
      .setIssuer(open.config.publicUrl)
      .setAudience('linkstore-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret());
    const otherIssuer = await new SignJWT({ ...base() })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(String(claims.sub))
      .setIssuer('https://evil.example')
      .setAudience('linkstore-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret());
    for (const token of [none, tampered, expired, otherIssuer, tokens.refreshToken, '']) {
      const res = await me(open, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    }
    expect((await me(open, tokens.accessToken)).statusCode).toBe(200);
  });

  it('stop working when the account is disabled or its token version changes', async () => {
    const id = await createUser(open.database.db, { email: 'soon-off@example.com', password: PASSWORD });
    const tokens = await signIn(open, 'soon-off@example.com');
    expect((await me(open, tokens.accessToken)).statusCode).toBe(200);
    await open.app.sessions.revokeAllForUser(id);
    expect((await me(open, tokens.accessToken)).json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    expect((await refresh(open, tokens.refreshToken)).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
    await open.database.db.update(users).set({ status: 0 }).where(eq(users.id, id));
    expect((await login(open, { username: 'soon-off@example.com', password: PASSWORD })).json().code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );
  });
});

describe('sign-out', () => {
  it('ends the sign-in on the server: its access and refresh tokens stop working', async () => {
    const tokens = await signIn();
    const other = await signIn();
    const out = await open.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(out.json()).toMatchObject({ code: 1, data: null });
    expect((await me(open, tokens.accessToken)).json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    expect((await refresh(open, tokens.refreshToken)).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
    // Another device stays signed in.
    expect((await me(open, other.accessToken)).statusCode).toBe(200);
  });

  it('works through the legacy POST /api/logout?email= too, and needs a signed-in caller', async () => {
    const tokens = await signIn();
    const out = await open.app.inject({
      method: 'POST',
      url: '/api/logout?email=ana%40example.com',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(open, tokens.accessToken)).statusCode).toBe(401);
    expect((await open.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });
});

describe('business info and country', () => {
  it('answers the signed-in user only', async () => {
    const tokens = await signIn();
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const info = await open.app.inject({ method: 'POST', url: '/api/businessGetInfo', headers: auth });
    expect(info.json().data.info).toMatchObject({ email: 'ana@example.com', country_id: 'US' });
    expect((await open.app.inject({ method: 'POST', url: '/api/businessGetInfo' })).json().code).toBe(
      ErrorCode.ACCESS_TOKEN_INVALID,
    );

    expect(info.json().data.info).toMatchObject({ subdomainurl: null });

    const visitor = await open.app.inject({ method: 'POST', url: '/api/getCountry?api_token=x' });
    expect(visitor.json().data.info.default[0]).toMatchObject({
      id: 'US',
      currency_jc: 'USD',
      currency_symbol: '$',
    });
    expect(
      (
        await open.app.inject({
          method: 'PUT',
          url: '/api/v1/users/me/country',
          headers: auth,
          payload: { countryId: 'br' },
        })
      ).statusCode,
    ).toBe(200);
    const mine = await open.app.inject({ method: 'POST', url: '/api/getCountry', headers: auth });
    expect(mine.json().data.info.default[0]).toMatchObject({ id: 'BR', currency_jc: 'BRL' });
    const bad = await open.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/country',
      headers: auth,
      payload: { countryId: 'ZZ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('countryId');
  });
});

describe('business info of a creator with a shop', () => {
  /** Opens a shop for a new creator in `app` and answers their business info. */
  async function infoWithShop(app: TestContext, slug: string, imageUrl: string | null) {
    const email = `${slug}@example.com`;
    await createUser(app.database.db, { email, password: PASSWORD });
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: email, password: PASSWORD },
    });
    const auth = { authorization: `Bearer ${login.json().data.accessToken as string}` };
    const before = await app.app.inject({ method: 'POST', url: '/api/businessGetInfo', headers: auth });
    expect(before.json().data.info).toMatchObject({ subdomainurl: null });
    const created = await app.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: auth,
      payload: { name: 'Ana Shop', slug },
    });
    expect(created.statusCode, created.body).toBe(200);
    if (imageUrl) {
      const updated = await app.app.inject({
        method: 'PUT',
        url: '/api/v1/shop',
        headers: auth,
        payload: { imageUrl },
      });
      expect(updated.statusCode, updated.body).toBe(200);
    }
    const res = await app.app.inject({ method: 'POST', url: '/api/businessGetInfo', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.info as { subdomainurl: string | null; image_url: string | null };
  }

  it('answers the shop link under PUBLIC_URL and the shop image', async () => {
    const app = await createTestApp({
      env: { CAPTCHA_ENABLED: 'false', PUBLIC_URL: 'https://linkstore.test/' },
    });
    try {
      const info = await infoWithShop(app, 'ana-links', '/files/shop/icon.webp');
      expect(info).toMatchObject({
        subdomainurl: 'https://linkstore.test/s/ana-links',
        image_url: '/files/shop/icon.webp',
      });
    } finally {
      await app.close();
    }
  });

  it('answers the shop subdomain when SHOP_BASE_DOMAIN is set', async () => {
    const app = await createTestApp({
      env: { CAPTCHA_ENABLED: 'false', PUBLIC_URL: 'https://linkstore.test', SHOP_BASE_DOMAIN: 'shops.test' },
    });
    try {
      const info = await infoWithShop(app, 'ana-sub', null);
      expect(info).toMatchObject({ subdomainurl: 'https://ana-sub.shops.test', image_url: null });
    } finally {
      await app.close();
    }
  });
});
