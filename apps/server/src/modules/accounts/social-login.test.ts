import { createHash } from 'node:crypto';
import { ErrorCode, ZCurrentUser, ZEnvelope, ZTokenResponse } from '@linkstore/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, userIdentities, users } from '../../platform/auth/auth.tables';
import { createTestApp, type TestContext } from '../../test/helper';
import { startOidcProvider, type TestOidcAccount, type TestOidcProvider } from '../../test/oidc-provider';
import { createUser } from '../../test/users';
import { OAUTH_STARTS_PER_WINDOW, sanitizeReturnTo } from './social-login.service';

// Never fetched: the app is reached through app.inject, only the provider over HTTP.
const PUBLIC_URL = 'http://linkstore.test';
const callbackOf = (provider: string) => `${PUBLIC_URL}/api/v1/auth/oauth/${provider}/callback`;
const PASSWORD = 'correct horse 42';

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

async function start(provider = 'google', returnTo?: string, app: TestContext = ctx) {
  const query = returnTo === undefined ? '' : `?${new URLSearchParams({ returnTo }).toString()}`;
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/auth/oauth/${provider}${query}` });
  expect(res.statusCode).toBe(302);
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

async function callback(back: URL) {
  const res = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.headers.location;
}

/** The whole journey; returns the refresh token the web app receives and where it goes next. */
async function signIn(account: TestOidcAccount, provider = 'google', returnTo?: string) {
  const { route, params } = landing(await callback(await toCallback(account, provider, returnTo)));
  expect(route).toBe('/authorize');
  expect(params.get('error')).toBeNull();
  return { refreshToken: params.get('refreshToken') ?? '', returnTo: params.get('returnTo') };
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
      const { params } = landing(await callback(back));
      return currentUser(params.get('refreshToken') ?? '');
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
    expect(landing(await callback(first)).params.get('refreshToken')).toBeTruthy();
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
