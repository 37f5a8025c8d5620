import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { PAYPAL_BINDING_CALLBACK_PATH, type TPayPalBindingReason } from '@linkstore/contract';
import { z } from 'zod';

/** What "Log in with PayPal" tells us about the account: its payer id and a confirmed email. */
export interface PayPalAccount {
  payerId: string;
  email: string;
}

/** Why an exchange gave no usable account; `reason` is what the result page shows. */
export class BindingFailure extends Error {
  constructor(
    readonly reason: TPayPalBindingReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BindingFailure';
  }
}

/** One way of proving a PayPal account: PayPal's OpenID Connect, or the offline sandbox. */
export interface PayPalIdentity {
  readonly name: 'sandbox' | 'paypal';
  authorizeUrl(attempt: { state: string; nonce: string; codeChallenge: string }): string;
  exchange(answer: { code: string; state: string; codeVerifier: string }): Promise<PayPalAccount>;
}

/** Payer id, emails and the scopes that give them (paypalattributes: the payer id). */
export const PAYPAL_IDENTITY_SCOPE = 'openid email https://uri.paypal.com/services/paypalattributes';
const TIMEOUT_MS = 15_000;

/** PKCE S256: the challenge of a verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * PayPal's sign-in pages are on www.(sandbox.)paypal.com, its API on api-m.…; any other API base
 * (a stand-in in tests, a local mock) serves both.
 */
export function paypalAuthorizeBase(apiBaseUrl: string): string {
  const { hostname } = new URL(apiBaseUrl);
  if (hostname === 'api-m.sandbox.paypal.com' || hostname === 'api.sandbox.paypal.com') {
    return 'https://www.sandbox.paypal.com';
  }
  if (hostname === 'api-m.paypal.com' || hostname === 'api.paypal.com') return 'https://www.paypal.com';
  return apiBaseUrl.replace(/\/+$/, '');
}

const ZTokenAnswer = z.object({ access_token: z.string().min(1) });
const ZFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const ZUserInfo = z.object({
  payer_id: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
  emails: z
    .array(z.object({ value: z.string(), primary: ZFlag.optional(), confirmed: ZFlag.optional() }))
    .default([]),
});

/** The primary confirmed email, else any confirmed one; PayPal's unconfirmed addresses are refused. */
function confirmedEmail(emails: z.infer<typeof ZUserInfo>['emails']): string | undefined {
  const confirmed = emails.filter((e) => e.confirmed === true && z.email().safeParse(e.value.trim()).success);
  const chosen = confirmed.find((e) => e.primary === true) ?? confirmed[0];
  return chosen?.value.trim().toLowerCase();
}

/**
 * "Log in with PayPal" (Identity API): the browser goes to `/signin/authorize` with state, nonce
 * and a PKCE challenge; the code comes back to our callback and is traded at `/v1/oauth2/token`
 * (grant_type=authorization_code, the app's Basic credentials, the PKCE verifier); the access
 * token reads `/v1/identity/oauth2/userinfo?schema=paypalv1.1` for `payer_id` and `emails`.
 */
export function payPalIdentity(options: {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  publicUrl: string;
}): PayPalIdentity {
  const apiBase = options.apiBaseUrl.replace(/\/+$/, '');
  const redirectUri = `${options.publicUrl.replace(/\/+$/, '')}${PAYPAL_BINDING_CALLBACK_PATH}`;
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  async function send(url: string, init: RequestInit, what: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new BindingFailure('provider_error', `${what}: PayPal did not answer`, { cause: error });
    }
    const text = await res.text();
    if (!res.ok) {
      throw new BindingFailure(
        'provider_error',
        `${what}: PayPal answered ${res.status} ${text.slice(0, 300)}`,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new BindingFailure('provider_error', `${what}: not JSON`, { cause: error });
    }
  }

  return {
    name: 'paypal',
    authorizeUrl({ state, nonce, codeChallenge }) {
      const url = new URL(`${paypalAuthorizeBase(apiBase)}/signin/authorize`);
      url.search = new URLSearchParams({
        flowEntry: 'static',
        client_id: options.clientId,
        response_type: 'code',
        scope: PAYPAL_IDENTITY_SCOPE,
        redirect_uri: redirectUri,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    async exchange({ code, codeVerifier }) {
      const token = ZTokenAnswer.safeParse(
        await send(
          `${apiBase}/v1/oauth2/token`,
          {
            method: 'POST',
            headers: {
              authorization: `Basic ${basic}`,
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body: new URLSearchParams({
              grant_type: 'authorization_code',
              code,
              redirect_uri: redirectUri,
              code_verifier: codeVerifier,
            }).toString(),
          },
          'token exchange',
        ),
      );
      if (!token.success) throw new BindingFailure('provider_error', 'token exchange: no access token');
      const info = ZUserInfo.safeParse(
        await send(
          `${apiBase}/v1/identity/oauth2/userinfo?schema=paypalv1.1`,
          { headers: { authorization: `Bearer ${token.data.access_token}`, accept: 'application/json' } },
          'userinfo',
        ),
      );
      if (!info.success) throw new BindingFailure('provider_error', 'userinfo: no payer id');
      const email = confirmedEmail(info.data.emails);
      if (!email)
        throw new BindingFailure('email_unverified', 'PayPal has no confirmed email for the account');
      return { payerId: info.data.payer_id, email };
    },
  };
}

/** How long a code of the sandbox's consent page may wait before it is traded. */
const SANDBOX_CODE_TTL_MS = 5 * 60_000;
const ZSandboxCode = z.object({ s: z.string(), e: z.string(), c: z.string(), x: z.number() });

/**
 * The offline stand-in for PayPal: the browser goes to our own consent page, which (once the
 * creator agrees) asks `issueCode` for a code bound to the state, the account email and the PKCE
 * challenge, signed with a key derived from the server's secret. The exchange checks all three
 * and gives a payer id derived from the email (13 characters, like PayPal's).
 */
export function sandboxIdentity(secret: string): PayPalIdentity & {
  issueCode(attempt: { state: string; email: string; codeVerifier: string }): string;
} {
  const key = createHmac('sha256', secret).update('linkstore paypal sandbox identity').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    name: 'sandbox',
    authorizeUrl({ state }) {
      return `/#/paypal/consent?${new URLSearchParams({ state }).toString()}`;
    },
    issueCode({ state, email, codeVerifier }) {
      const payload = Buffer.from(
        JSON.stringify({
          s: state,
          e: email,
          c: pkceChallenge(codeVerifier),
          x: Date.now() + SANDBOX_CODE_TTL_MS,
        }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    exchange({ code, state, codeVerifier }) {
      const [payload = '', signature = ''] = code.split('.');
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return Promise.reject(new BindingFailure('provider_error', 'sandbox code: bad signature'));
      }
      let parsed: z.infer<typeof ZSandboxCode>;
      try {
        parsed = ZSandboxCode.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch (error) {
        return Promise.reject(
          new BindingFailure('provider_error', 'sandbox code: unreadable', { cause: error }),
        );
      }
      if (parsed.s !== state)
        return Promise.reject(new BindingFailure('provider_error', 'sandbox code: other state'));
      if (parsed.x < Date.now())
        return Promise.reject(new BindingFailure('provider_error', 'sandbox code: expired'));
      if (parsed.c !== pkceChallenge(codeVerifier)) {
        return Promise.reject(
          new BindingFailure('provider_error', 'sandbox code: PKCE verifier does not match'),
        );
      }
      const payerId = createHash('sha256')
        .update(parsed.e)
        .digest('hex')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 13);
      return Promise.resolve({ payerId: `S${payerId.slice(1)}`, email: parsed.e });
    },
  };
}
