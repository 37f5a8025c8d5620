import { createHash } from 'node:crypto';
import { ErrorCode, ZCurrentUser, ZEnvelope, ZTokenResponse } from '@linkstore/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  oauthCodes,
  oauthStates,
  refreshTokens,
  userIdentities,
  users,
} from '../../platform/auth/auth.tables';
import { createTestApp, type TestContext } from '../../test/helper';
import { startOidcProvider, type TestOidcAccount, type TestOidcProvider } from '../../test/oidc-provider';
import { createUser } from '../../test/users';
import { createDeviceCookies, DEVICE_COOKIE } from './device-cookie';
import { OAUTH_BINDING_COOKIE } from './oauth-binding';
import { OAUTH_CODE_TTL_MS, OAUTH_STARTS_PER_WINDOW, sanitizeReturnTo } from './social-login.service';

// Never fetched: the app is reached through app.inject, only the provider over HTTP.
const PUBLIC_URL = 'http://linkstore.test';
const callbackOf = (provider: string) => `${PUBLIC_URL}/api/v1/auth/oauth/${provider}/callback`;
const PASSWORD = 'correct horse 42';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let idp: TestOidcProvider;
let ctx: TestContext; // Google and Facebook both point at the local provider
let bare: TestContext; // no social sign-in configured

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [callbackOf('google'), callbackOf('facebook')] });
  const client = { ISSUER: idp.issuer, CLIENT_ID: idp.clientId, CLIENT_SECRET: idp.clientSecret };
  const env: Record<string, string> = { PUBLIC_URL, CAPTCHA_ENABLED: 'false' };
  for (const [key, value] of Object.entries(client)) {
    env[`OAUTH_GOOGLE_${key}`] = value;
    env[`OAUTH_FACEBOOK_${key}`] = value;
  }
  [ctx, bare] = await Promise.all([createTestApp({ env }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), bare?.close(), idp?.close()]);
});

/** Where the web app was sent: the hash route and its query. */
function landing(location: unknown): { route: string; params: URLSearchParams } {
  expect(typeof location).toBe('string');
  const url = new URL(String(location), PUBLIC_URL);
  expect(url.origin).toBe(PUBLIC_URL);
  expect(url.pathname).toBe('/');
  const [route = '', query = ''] = url.hash.slice(1).split('?');
  return { route, params: new URLSearchParams(query) };
}

function expectFailure(location: unknown, provider: string, code: string = ErrorCode.OAUTH_FAILED): void {
  const { route, params } = landing(location);
  expect(route).toBe('/authorize');
  expect(Object.fromEntries(params)).toEqual({ error: code, provider });
}

/**
 * The test's browser: the binding cookie (`name=value`) the last start set, sent with the
 * callback and the exchange as a browser would (`Path=/api/v1/auth`).
 */
let browserCookie: string | undefined;

/** The `name=value` of the binding cookie an answer sets, if any. */
function bindingCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header.map(String) : typeof header === 'string' ? [header] : [];
  return all.find((cookie) => cookie.startsWith(`${OAUTH_BINDING_COOKIE}=`))?.split(';')[0];
}

let starts = 0;
const nextStartAddress = () => `10.31.${Math.floor(++starts / 250)}.${(starts % 250) + 1}`;

async function start(provider = 'google', returnTo?: string, app: TestContext = ctx) {
  const query = returnTo === undefined ? '' : `?${new URLSearchParams({ returnTo }).toString()}`;
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth/${provider}${query}`,
    headers: browserCookie ? { cookie: browserCookie } : {},
    remoteAddress: nextStartAddress(), // apart from the per-address limit on starts
  });
  expect(res.statusCode).toBe(302);
  browserCookie = bindingCookieOf(res) ?? browserCookie;
  return res.headers.location as string;
}

/** Starts at the app, signs in at the provider, and returns the provider's redirect back. */
async function toCallback(
  account: TestOidcAccount | null,
  provider = 'google',
  returnTo?: string,
): Promise<URL> {
  idp.setAccount(account);
  const back = await idp.authorize(await start(provider, returnTo));
  expect(`${back.origin}${back.pathname}`).toBe(callbackOf(provider));
  return back;
}

async function callback(back: URL, cookie = browserCookie) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.headers.location;
}

/** The web app's landing after a successful callback: a one-time code and returnTo, nothing else. */
function landedCode(location: unknown): { code: string; returnTo: string | null } {
  const { route, params } = landing(location);
  expect(route).toBe('/authorize');
  expect([...params.keys()].sort()).toEqual(['code', 'returnTo']);
  return { code: params.get('code') ?? '', returnTo: params.get('returnTo') };
}

/** What the web app does with the code: one POST, answered like a password sign-in. */
function exchange(code: unknown, cookie = browserCookie) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/oauth/exchange',
    payload: { code },
    headers: cookie ? { cookie } : {},
  });
}

async function exchangeTokens(code: string) {
  const res = await exchange(code);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZTokenResponse).parse(res.json()).data;
}

/** The whole journey; returns the refresh token the web app obtains and where it goes next. */
async function signIn(account: TestOidcAccount, provider = 'google', returnTo?: string) {
  const landed = landedCode(await callback(await toCallback(account, provider, returnTo)));
  const { refreshToken } = await exchangeTokens(landed.code);
  return { refreshToken, returnTo: landed.returnTo };
}

/** What the web app does with the refresh token: exchange it, then ask who it is. */
async function currentUser(refreshToken: string) {
  const refreshed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token',
    payload: { refreshToken },
  });
  expect(refreshed.statusCode).toBe(200);
  const { accessToken } = ZEnvelope(ZTokenResponse).parse(refreshed.json()).data;
  const me = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(me.statusCode).toBe(200);
  return ZEnvelope(ZCurrentUser).parse(me.json()).data;
}

async function userCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe('which providers are offered', () => {
  it('reports a provider as available only when it is configured', async () => {
    const configured = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/providers' });
    expect(configured.json()).toMatchObject({ code: 1, data: { google: true, facebook: true } });
    const none = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/providers' });
    expect(none.json()).toMatchObject({ code: 1, data: { google: false, facebook: false } });
  });

  it('sends the browser back with A0260 when the provider is not configured', async () => {
    expectFailure(await start('google', '/x', bare), 'google');
    expectFailure(await start('facebook', undefined, bare), 'facebook');
  });

  it('refuses a provider it does not know', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/twitter' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });
});

describe('starting a sign-in', () => {
  it('redirects to the provider with state, nonce and an S256 PKCE challenge it keeps for ten minutes', async () => {
    const url = new URL(await start('google', '/studio/links'));
    expect(url.origin).toBe(idp.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('redirect_uri')).toBe(callbackOf('google'));
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    const [row] = await ctx.database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.state, q.get('state') ?? ''));
    expect(row).toBeDefined();
    expect(row?.provider).toBe('google');
    expect(row?.nonce).toBe(q.get('nonce'));
    expect(row?.returnTo).toBe('/studio/links');
    const challenge = createHash('sha256')
      .update(row?.codeVerifier ?? '')
      .digest('base64url');
    expect(q.get('code_challenge')).toBe(challenge);
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('keeps returnTo only when it is one of our own paths', async () => {
    const stored = async (returnTo: string) => {
      const state = new URL(await start('google', returnTo)).searchParams.get('state') ?? '';
      const [row] = await ctx.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
      return row?.returnTo;
    };
    expect(await stored('/orders/7?tab=paid')).toBe('/orders/7?tab=paid');
    expect(await stored('//evil.example/x')).toBe('/');
    expect(await stored('https://evil.example/')).toBe('/');
    expect(sanitizeReturnTo('/\\evil.example')).toBe('/');
    expect(sanitizeReturnTo('javascript:alert(1)')).toBe('/');
    expect(sanitizeReturnTo('/a b')).toBe('/');
    expect(sanitizeReturnTo(`/${'a'.repeat(300)}`)).toBe('/');
    expect(sanitizeReturnTo(['/a'])).toBe('/');
    expect(sanitizeReturnTo(undefined)).toBe('/');
    expect(sanitizeReturnTo('/')).toBe('/');
  });

  it('limits how many sign-ins one address may start', async () => {
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google', remoteAddress });
    for (let i = 0; i < OAUTH_STARTS_PER_WINDOW; i += 1) {
      expect(new URL(String((await from('10.9.9.9')).headers.location)).origin).toBe(idp.issuer);
    }
    expectFailure((await from('10.9.9.9')).headers.location, 'google', ErrorCode.RATE_LIMITED);
    expect(new URL(String((await from('10.9.9.10')).headers.location)).origin).toBe(idp.issuer);
  });
});

describe('the full sign-in against a real OpenID provider', () => {
  const ana: TestOidcAccount = {
    sub: 'google-ana',
    email: 'Ana.Social@Example.com',
    email_verified: true,
    name: 'Ana Social',
    picture: 'https://images.example.com/ana.png',
  };

  it('opens an account, hands the web app a working refresh token and the returnTo path', async () => {
    const before = await userCount();
    const { refreshToken, returnTo } = await signIn(ana, 'google', '/studio/links');
    expect(refreshToken).toMatch(/.{20,}/);
    expect(returnTo).toBe('/studio/links');
    const me = await currentUser(refreshToken);
    expect(me).toMatchObject({
      nickname: 'Ana Social',
      email: 'ana.social@example.com',
      avatar: 'https://images.example.com/ana.png',
      username: null,
    });
    expect(await userCount()).toBe(before + 1);
    const identities = await ctx.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, Number(me.userId)));
    expect(identities).toMatchObject([{ provider: 'google', subject: 'google-ana' }]);
  });

  it('signs the same (provider, subject) into the same account every time', async () => {
    const first = await currentUser((await signIn(ana)).refreshToken);
    const before = await userCount();
    // The provider may report other details later; the subject alone decides.
    const second = await currentUser(
      (await signIn({ ...ana, email: 'new.address@example.com' })).refreshToken,
    );
    expect(second.userId).toBe(first.userId);
    expect(await userCount()).toBe(before);
  });

  it('treats the same subject at another provider as another person', async () => {
    const google = await currentUser((await signIn(ana, 'google')).refreshToken);
    const facebook = await currentUser((await signIn(ana, 'facebook')).refreshToken);
    expect(facebook.userId).not.toBe(google.userId);
  });

  it('never links by email: another subject with the same email gets its own account, without the email', async () => {
    const first = await currentUser((await signIn(ana)).refreshToken);
    const other = await currentUser((await signIn({ ...ana, sub: 'google-impostor' })).refreshToken);
    expect(other.userId).not.toBe(first.userId);
    expect(other.email).toBeNull();
    expect(other.nickname).toBe('Ana Social');
  });

  it('does not take over an existing password account that has the same email', async () => {
    const ownerId = await createUser(ctx.database.db, { email: 'owner@example.com', password: PASSWORD });
    const social = await currentUser(
      (await signIn({ sub: 'google-owner-lookalike', email: 'owner@example.com', email_verified: true }))
        .refreshToken,
    );
    expect(social.userId).not.toBe(String(ownerId));
    expect(social.email).toBeNull();
    expect(social.nickname).toBe('owner');
    const owned = await ctx.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, ownerId));
    expect(owned).toEqual([]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'owner@example.com', password: PASSWORD },
    });
    const { refreshToken } = ZEnvelope(ZTokenResponse).parse(login.json()).data;
    expect((await currentUser(refreshToken)).userId).toBe(String(ownerId));
  });

  it('keeps an unverified email off the account', async () => {
    const me = await currentUser(
      (await signIn({ sub: 'google-unverified', email: 'maybe@example.com', email_verified: false }))
        .refreshToken,
    );
    expect(me.email).toBeNull();
    expect(me.nickname).toBe('maybe');
    expect(me.avatar).toBeNull();
  });

  it('refuses a disabled account with A0211', async () => {
    const me = await currentUser((await signIn({ sub: 'google-disabled', name: 'Off' })).refreshToken);
    await ctx.database.db
      .update(users)
      .set({ status: 0 })
      .where(eq(users.id, Number(me.userId)));
    expectFailure(
      await callback(await toCallback({ sub: 'google-disabled' })),
      'google',
      ErrorCode.ACCOUNT_DISABLED,
    );
  });
});

describe('the local provider as a browser journey uses it', () => {
  it('switches account for a browser that stays signed in there, also when told over HTTP', async () => {
    const asBrowser = async () => {
      const back = await idp.authorize(await start(), { keepSession: true });
      const { code } = landedCode(await callback(back));
      return currentUser((await exchangeTokens(code)).refreshToken);
    };
    idp.setAccount({ sub: 'browser-one', name: 'One' });
    expect((await asBrowser()).nickname).toBe('One');
    expect((await asBrowser()).nickname).toBe('One');
    const told = await fetch(`${idp.issuer}/dev/account`, {
      method: 'POST',
      body: JSON.stringify({ sub: 'browser-two', name: 'Two' }),
    });
    expect(told.status).toBe(204);
    expect((await asBrowser()).nickname).toBe('Two');
  });
});

describe('bound to the browser that started it (issue 31)', () => {
  const mallory: TestOidcAccount = {
    sub: 'google-mallory',
    email: 'mallory@example.com',
    email_verified: true,
  };

  /** Another browser: its own binding cookie, from a sign-in it started itself. */
  async function otherBrowser(): Promise<string> {
    const mine = browserCookie;
    browserCookie = undefined;
    await start();
    const theirs = browserCookie;
    browserCookie = mine;
    expect(theirs).toBeDefined();
    expect(theirs).not.toBe(mine);
    return theirs ?? '';
  }

  it('sets an HttpOnly, SameSite=Lax binding cookie for the sign-in routes, and stores only its hash', async () => {
    browserCookie = undefined;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google' });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${OAUTH_BINDING_COOKIE}=[A-Za-z0-9_-]{43}; `));
    expect(header).toContain('Path=/api/v1/auth');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Max-Age=600');
    expect(header).not.toContain('Secure'); // plain http here
    const value = header.split(';')[0]?.split('=')[1] ?? '';
    const state = new URL(String(res.headers.location)).searchParams.get('state') ?? '';
    const [row] = await ctx.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(row?.bindingHash).toBe(sha256(value));
    expect(JSON.stringify(row)).not.toContain(value);
  });

  it("refuses an attacker's finished sign-in opened in another browser (login CSRF), and leaves it to its own", async () => {
    browserCookie = undefined;
    const before = await userCount();
    const back = await toCallback(mallory); // the attacker's browser, stopped before the callback
    const attackersBrowser = browserCookie;
    // The victim's browser: without a binding, or with its own.
    expectFailure(await callback(back, ''), 'google');
    expectFailure(await callback(back, await otherBrowser()), 'google');
    expectFailure(await callback(back, `${OAUTH_BINDING_COOKIE}=${'A'.repeat(43)}`), 'google');
    expect(await userCount()).toBe(before);
    // The refusals did not spend the state: the browser that started it finishes.
    expect(landedCode(await callback(back, attackersBrowser)).code).toBeTruthy();
  });

  it('refuses the one-time code from another browser, which stays usable by its own', async () => {
    browserCookie = undefined;
    const { code } = landedCode(await callback(await toCallback(mallory)));
    for (const cookie of ['', await otherBrowser()]) {
      const res = await exchange(code, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.OAUTH_FAILED, data: null });
    }
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('keeps one binding per browser, so two sign-ins started in two tabs both finish', async () => {
    browserCookie = undefined;
    idp.setAccount(mallory);
    const firstTab = await start();
    const binding = browserCookie;
    const secondTab = await start();
    expect(browserCookie).toBe(binding);
    const [one, two] = [await idp.authorize(firstTab), await idp.authorize(secondTab)];
    // The first tab's sign-in ends before the second comes back: the binding stays until it expires.
    expect((await exchange(landedCode(await callback(one)).code)).statusCode).toBe(200);
    expect((await exchange(landedCode(await callback(two)).code)).statusCode).toBe(200);
  });
});

describe('a callback that must be refused', () => {
  const bob: TestOidcAccount = { sub: 'google-bob', email: 'bob@example.com', email_verified: true };

  it('refuses a tampered or unknown state and creates no account', async () => {
    const before = await userCount();
    const back = await toCallback(bob);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expectFailure(await callback(tampered), 'google');
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expectFailure(await callback(missing), 'google');
    expect(await userCount()).toBe(before);
    const identities = await ctx.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, 'google-bob'));
    expect(identities).toEqual([]);
  });

  it('accepts a state once only, even with a fresh code for it', async () => {
    idp.setAccount(bob);
    const authorizationUrl = await start();
    // The same authorization request twice: two valid codes for one state.
    const [first, second] = [await idp.authorize(authorizationUrl), await idp.authorize(authorizationUrl)];
    expect(second.searchParams.get('state')).toBe(first.searchParams.get('state'));
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));
    expect(landedCode(await callback(first)).code).toBeTruthy();
    expectFailure(await callback(second), 'google');
    expectFailure(await callback(first), 'google');
  });

  it('refuses a state started for another provider', async () => {
    const back = await toCallback(bob, 'google');
    const elsewhere = new URL(`${callbackOf('facebook')}${back.search}`);
    expectFailure(await callback(elsewhere), 'facebook');
    // The attempt spent the state: the genuine callback no longer works either.
    expectFailure(await callback(back), 'google');
  });

  it('refuses an expired state', async () => {
    const back = await toCallback(bob);
    await ctx.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.state, back.searchParams.get('state') ?? ''));
    expectFailure(await callback(back), 'google');
  });

  it('refuses a forged code', async () => {
    const back = await toCallback(bob);
    back.searchParams.set('code', 'forged-code');
    expectFailure(await callback(back), 'google');
  });

  it('ends with A0260 when the person declines, without the provider text in the URL', async () => {
    const before = await userCount();
    const back = await toCallback(null);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const location = await callback(back);
    expectFailure(location, 'google');
    expect(String(location)).not.toMatch(/declined|access_denied/);
    expect(await userCount()).toBe(before);
  });
});

describe('the hand-off to the web app: a one-time code, never a token in the URL', () => {
  const cleo: TestOidcAccount = { sub: 'google-cleo', email: 'cleo@example.com', email_verified: true };

  /** A finished callback for cleo: where the browser was sent and the code in it. */
  async function finished(returnTo = '/studio/links', account: TestOidcAccount = cleo) {
    const location = String(await callback(await toCallback(account, 'google', returnTo)));
    return { location, ...landedCode(location) };
  }

  async function sessionsOf(userId: number): Promise<number> {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId));
    return row?.n ?? 0;
  }

  it('redirects with a one-time code only: no token anywhere in the Location, no session yet', async () => {
    // A person new here, so that the sign-ins counted are this journey's only.
    const { location, code, returnTo } = await finished('/studio/links', {
      sub: 'google-dora',
      name: 'Dora',
    });
    expect(returnTo).toBe('/studio/links');
    // 32 random bytes, base64url.
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location).not.toMatch(/token/i);
    const [stored] = await ctx.database.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, sha256(code)));
    expect(stored).toBeDefined();
    const userId = stored?.userId ?? 0;
    // The callback starts no sign-in: the exchange does, in the web app's own request.
    expect(await sessionsOf(userId)).toBe(0);

    const tokens = await exchangeTokens(code);
    for (const token of [tokens.refreshToken, tokens.accessToken]) {
      expect(location).not.toContain(token);
      expect(location).not.toContain(encodeURIComponent(token));
    }
    expect(await sessionsOf(userId)).toBe(1);
    expect((await currentUser(tokens.refreshToken)).userId).toBe(String(userId));
  });

  it('keeps only the hash of the code, for about a minute', async () => {
    const { code } = await finished();
    const rows = await ctx.database.db.select().from(oauthCodes);
    expect(rows.some((row) => row.codeHash === code)).toBe(false);
    const [row] = rows.filter((r) => r.codeHash === sha256(code));
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(OAUTH_CODE_TTL_MS).toBeLessThanOrEqual(60_000);
    expect(ttl).toBeGreaterThan(OAUTH_CODE_TTL_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(OAUTH_CODE_TTL_MS);
  });

  // (One sign-in start for both checks: an address may start only so many in a window.)
  it('answers the tokens once, making the browser known to the account (the device cookie); the same code again is refused with A0260', async () => {
    const { code } = await finished();
    const [row] = await ctx.database.db
      .select({ userId: oauthCodes.userId })
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, sha256(code)));
    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(cookie).toContain('HttpOnly');
    const devices = createDeviceCookies(ctx.app.config.jwtSecret);
    expect(devices.read(cookie.split(';')[0])?.userId).toBe(row?.userId);
    const again = await exchange(code);
    // A refused exchange makes nothing known.
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: ErrorCode.OAUTH_FAILED, data: null });
    expect(again.json().msg).toBe('This sign-in link has expired or was already used. Please sign in again.');
  });

  it('refuses an expired code, and does not sign in', async () => {
    const { code } = await finished();
    const [row] = await ctx.database.db
      .update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, sha256(code)))
      .returning();
    const before = await sessionsOf(row?.userId ?? 0);
    const res = await exchange(code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.OAUTH_FAILED });
    expect(await sessionsOf(row?.userId ?? 0)).toBe(before);
  });

  it('lets exactly one of two simultaneous exchanges of the same code succeed', async () => {
    const { code } = await finished();
    const answers = await Promise.all([exchange(code), exchange(code)]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = answers.find((res) => res.statusCode === 400);
    expect(refused?.json()).toMatchObject({ code: ErrorCode.OAUTH_FAILED });
  });

  it('refuses an unknown, a malformed or a missing code without a 500', async () => {
    for (const code of ['never-issued', 'a'.repeat(43), '%00']) {
      const res = await exchange(code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.OAUTH_FAILED });
    }
    // Only hashed, never stored: a NUL is refused like any unknown code (or by the contract).
    const nul = await exchange('\u0000');
    expect(nul.statusCode).toBe(400);
    expect([ErrorCode.OAUTH_FAILED, ErrorCode.VALIDATION_FAILED]).toContain(nul.json().code);
    for (const code of [undefined, '', 'x'.repeat(129), 42, ['a']]) {
      const res = await exchange(code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    }
  });

  it('refuses with A0211 an account disabled between the callback and the exchange', async () => {
    const { code } = await finished();
    const [row] = await ctx.database.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, sha256(code)));
    const userId = row?.userId ?? 0;
    const before = await sessionsOf(userId);
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.id, userId));
    try {
      const res = await exchange(code);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: ErrorCode.ACCOUNT_DISABLED });
      expect(await sessionsOf(userId)).toBe(before);
    } finally {
      await ctx.database.db.update(users).set({ status: 1 }).where(eq(users.id, userId));
    }
  });
});
