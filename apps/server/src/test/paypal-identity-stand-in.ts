import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server';

/** The PayPal account that "signs in" at the stand-in's authorize page. */
export interface IdentityStandInUser {
  payerId: string;
  emails: { value: string; primary?: boolean; confirmed?: boolean | 'true' | 'false' }[];
}

interface IssuedCode {
  user: IdentityStandInUser;
  redirectUri: string;
  codeChallenge: string | undefined;
  used: boolean;
}

export interface PayPalIdentityStandIn {
  /** `http://127.0.0.1:<port>`: the API base (token, userinfo) and the authorize page alike. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in and agrees at the next authorize request. */
  user: IdentityStandInUser;
  /** The next token request fails with this HTTP status and `invalid_grant` (then resets). */
  failNextToken: number | undefined;
  /** What arrived at the authorize page, last first. */
  authorizeRequests: URLSearchParams[];
  /** Token requests, successful or not. */
  tokenCalls: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for "Log in with PayPal" (PayPal's Identity API), for tests:
 * - `GET /signin/authorize` (client_id, response_type=code, redirect_uri, state, code_challenge):
 *   the configured user signs in and agrees at once; 302 to redirect_uri with `code` and `state`;
 * - `POST /v1/oauth2/token` with the app's Basic credentials and grant_type=authorization_code:
 *   the code once, for the same redirect_uri, with the PKCE verifier when a challenge was given;
 *   errors are `{error: 'invalid_grant'|'invalid_client', error_description}` as PayPal sends;
 * - `GET /v1/identity/oauth2/userinfo?schema=paypalv1.1` with the access token: user_id, payer_id,
 *   emails[] with primary and confirmed.
 */
export async function startPayPalIdentityStandIn(): Promise<PayPalIdentityStandIn> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IdentityStandInUser>();
  const clientId = `identity-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(12).toString('hex');

  const stand: PayPalIdentityStandIn = {
    baseUrl: '',
    clientId,
    clientSecret,
    user: {
      payerId: 'STANDINPAYER1',
      emails: [{ value: 'payee@example.com', primary: true, confirmed: true }],
    },
    failNextToken: undefined,
    authorizeRequests: [],
    tokenCalls: 0,
    close: () => Promise.resolve(),
  };

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    stand.authorizeRequests.unshift(q);
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !redirectUri) {
      send(res, 400, { error: 'invalid_request' });
      return;
    }
    const method = q.get('code_challenge_method');
    if (q.get('code_challenge') && method !== 'S256') {
      send(res, 400, { error: 'invalid_request', error_description: 'only S256' });
      return;
    }
    const code = randomBytes(16).toString('base64url');
    codes.set(code, {
      user: structuredClone(stand.user),
      redirectUri,
      codeChallenge: q.get('code_challenge') ?? undefined,
      used: false,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.href }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stand.tokenCalls += 1;
    const form = new URLSearchParams(await readBody(req));
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    if (stand.failNextToken !== undefined) {
      const status = stand.failNextToken;
      stand.failNextToken = undefined;
      send(res, status, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
      return;
    }
    const issued = codes.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const pkceOk =
      issued?.codeChallenge === undefined ||
      createHash('sha256').update(verifier).digest('base64url') === issued.codeChallenge;
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !issued ||
      issued.used ||
      issued.redirectUri !== form.get('redirect_uri') ||
      !pkceOk
    ) {
      send(res, 400, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
      return;
    }
    issued.used = true;
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, issued.user);
    send(res, 200, {
      token_type: 'Bearer',
      access_token: accessToken,
      refresh_token: randomBytes(16).toString('hex'),
      expires_in: 28800,
      scope: 'openid email https://uri.paypal.com/services/paypalattributes',
    });
  }

  function userinfo(url: URL, req: IncomingMessage, res: ServerResponse): void {
    const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!user || url.searchParams.get('schema') !== 'paypalv1.1') {
      send(res, 401, { error: 'invalid_token' });
      return;
    }
    send(res, 200, {
      user_id: `https://www.paypal.com/webapps/auth/identity/user/${user.payerId.toLowerCase()}`,
      sub: `https://www.paypal.com/webapps/auth/identity/user/${user.payerId.toLowerCase()}`,
      payer_id: user.payerId,
      verified_account: 'true',
      emails: user.emails,
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /signin/authorize') authorize(url, res);
    else if (route === 'POST /v1/oauth2/token') void token(req, res);
    else if (route === 'GET /v1/identity/oauth2/userinfo') userinfo(url, req, res);
    else send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  });
  const listening = await listenOnLoopback(server);
  stand.baseUrl = listening.url;
  stand.close = listening.close;
  return stand;
}
