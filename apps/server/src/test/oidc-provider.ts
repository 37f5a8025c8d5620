import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
// @ts-expect-error -- oidc-provider ships no type declarations; the little used here is typed below.
import { Provider as UntypedProvider, interactionPolicy as untypedPolicy } from 'oidc-provider';

/** The person the local provider signs in: standard OpenID Connect claim names. */
export interface TestOidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestOidcProviderOptions {
  /** The client's redirect URIs, e.g. `${publicUrl}/api/v1/auth/oauth/google/callback`. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Who is signed in at the provider's "login page"; change it later with `setAccount`. */
  account?: TestOidcAccount | null;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`: use it as OAUTH_<PROVIDER>_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Who the next sign-in logs in as (until changed); null makes the person refuse, so the
   * provider answers the client with `error=access_denied`. Another process (a browser test)
   * can do the same with `POST {issuer}/dev/account` and the account as a JSON body (or `null`).
   */
  setAccount(account: TestOidcAccount | null): void;
  /**
   * Follows an authorization URL as a browser would (with its own cookie jar) until the
   * provider sends it back outside the issuer, and returns that URL: the client's callback
   * with `code`, `state` and `iss`, or with `error`. With `keepSession` the cookies are kept
   * between calls, like one browser that stays signed in at the provider.
   */
  authorize(authorizationUrl: string | URL, options?: { keepSession?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

// The slice of oidc-provider's API used here.
interface OidcGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcInteraction {
  prompt: { name: string };
  params: Record<string, unknown>;
  grantId?: string;
  session?: { accountId?: string };
}
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
}
interface OidcContext {
  oidc: { session: { accountId?: string } };
}
interface OidcCheck {
  reason: string;
}
interface OidcPolicy {
  get(name: string): { checks: OidcCheck[] };
}
const Provider = UntypedProvider as new (issuer: string, configuration: object) => OidcProvider;
const interactionPolicy = untypedPolicy as {
  base(): OidcPolicy;
  Check: new (reason: string, description: string, check: (ctx: OidcContext) => boolean) => OidcCheck;
};

const DEFAULT_ACCOUNT: TestOidcAccount = {
  sub: 'local-user-1',
  email: 'local.user@example.com',
  email_verified: true,
  name: 'Local User',
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseAccount(text: string): TestOidcAccount | null {
  const value = JSON.parse(text || 'null') as unknown;
  if (value === null) return null;
  if (typeof value !== 'object' || typeof (value as { sub?: unknown }).sub !== 'string') {
    throw new Error('expected {sub, email?, email_verified?, name?, picture?} or null');
  }
  return value as TestOidcAccount;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for tests and browser journeys: one
 * confidential client, authorization code with PKCE (S256) required, claims in the ID token,
 * and a "login page" that signs in the configured account at once. In memory; not for
 * anything but local testing.
 */
export async function startOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'linkstore-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  let account: TestOidcAccount | null = options.account === undefined ? DEFAULT_ACCOUNT : options.account;
  // Everyone who signed in, so tokens issued to them still resolve after `setAccount`.
  const known = new Map<string, TestOidcAccount>();

  async function onInteraction(req: IncomingMessage, res: ServerResponse, oidc: OidcProvider) {
    const details = await oidc.interactionDetails(req, res);
    if (!account) {
      await oidc.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'The person declined to sign in',
      });
      return;
    }
    const clientOf = String(details.params.client_id);
    const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';
    // Sign in and consent in one step: the person always agrees.
    const grant = details.grantId
      ? ((await oidc.Grant.find(details.grantId)) ??
        new oidc.Grant({ accountId: account.sub, clientId: clientOf }))
      : new oidc.Grant({ accountId: account.sub, clientId: clientOf });
    grant.addOIDCScope(scope);
    const grantId = await grant.save();
    known.set(account.sub, account);
    const login = details.prompt.name === 'login' ? { login: { accountId: account.sub } } : {};
    await oidc.interactionFinished(
      req,
      res,
      { ...login, consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/dev/account' && req.method === 'POST') {
      try {
        account = parseAccount(await readBody(req));
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
      return;
    }
    if (path.startsWith('/interaction/') && req.method === 'GET') {
      await onInteraction(req, res, provider);
      return;
    }
    provider.callback()(req, res);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Someone else signed in at the provider (a browser keeps its session cookie): sign in again.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    .checks.push(
      new interactionPolicy.Check(
        'other_account',
        'The configured account is not the one signed in',
        (ctx) => ctx.oidc.session.accountId !== account?.sub,
      ),
    );
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the person's claims travel in the ID token of the code flow too.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const found = known.get(sub) ?? (account?.sub === sub ? account : undefined);
      if (!found) return undefined;
      return { accountId: sub, claims: () => ({ ...found }) };
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    jwks: { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: 'test-key' }] },
  });

  /** The auto-submitting form the provider shows when a browser switches accounts. */
  function readForm(html: string, base: URL): { action: URL; fields: URLSearchParams } | undefined {
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
    if (!action) return undefined;
    const fields = new URLSearchParams();
    for (const input of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
      fields.append(input[1] ?? '', input[2] ?? '');
    }
    return { action: new URL(action, base), fields };
  }

  const browserCookies = new Map<string, string>();
  async function authorize(
    authorizationUrl: string | URL,
    options: { keepSession?: boolean } = {},
  ): Promise<URL> {
    const cookies = options.keepSession ? browserCookies : new Map<string, string>();
    let url = new URL(authorizationUrl);
    let form: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop += 1) {
      if (url.origin !== issuer) return url;
      const response = await fetch(url, {
        redirect: 'manual',
        method: form ? 'POST' : 'GET',
        ...(form ? { body: form } : {}),
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (at <= 0) continue;
        if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) cookies.set(name, value);
        else cookies.delete(name);
      }
      const location = response.headers.get('location');
      const body = await response.text();
      const next = response.status === 200 ? readForm(body, url) : undefined;
      if (next) {
        [url, form] = [next.action, next.fields];
        continue;
      }
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${body}`);
      }
      [url, form] = [new URL(location, url), undefined];
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(next) {
      account = next;
    },
    authorize,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// `npx tsx apps/server/src/test/oidc-provider.ts <redirect-uri>…` runs one for manual or browser
// testing and prints its issuer and client; OIDC_PORT fixes the port.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const redirectUris = process.argv.slice(2);
  if (redirectUris.length === 0) {
    console.error('usage: tsx oidc-provider.ts <redirect-uri>…');
    process.exit(2);
  }
  const running = await startOidcProvider({
    redirectUris,
    clientId: process.env.OIDC_CLIENT_ID ?? 'linkstore-local',
    clientSecret: process.env.OIDC_CLIENT_SECRET ?? 'linkstore-local-secret',
    port: Number(process.env.OIDC_PORT ?? 0),
  });
  console.log(
    JSON.stringify({
      issuer: running.issuer,
      clientId: running.clientId,
      clientSecret: running.clientSecret,
    }),
  );
}
