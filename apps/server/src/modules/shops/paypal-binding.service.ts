import {
  ErrorCode,
  PAYPAL_BINDING_CALLBACK_PATH,
  ZPayPalBindingState,
  type TPayPalBindingReason,
  type TPayPalBindingResult,
  type TSandboxConsent,
  type TSandboxConsentAnswer,
  type TSandboxConsentRequest,
  type TShop,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../platform/config/config';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import {
  BindingFailure,
  payPalIdentity,
  pkceChallenge,
  sandboxIdentity,
  type PayPalIdentity,
} from './paypal-binding.identity';
import {
  accountEmailOf,
  countBindingsSince,
  findBinding,
  finishBinding,
  hasPayoutInFlight,
  insertBinding,
  lockPendingBinding,
  setPayoutAccount,
  type PayPalBindingRow,
} from './paypal-binding.repository';
import { findShopByOwner, lockShopByOwner } from './shops.repository';
import { notCreated, toShop } from './shops.service';

/** How long an attempt may stay at PayPal (or on the sandbox's consent page). */
export const PAYPAL_BINDING_TTL_MS = 10 * 60_000;
/** Attempts one creator may start per TTL window: each leaves a row. */
export const PAYPAL_BINDING_STARTS_PER_WINDOW = 20;

/** The web app's binding result page. */
function resultPage(params: { state?: string; reason?: TPayPalBindingReason }): string {
  return `/#/paypal/result?${new URLSearchParams(params as Record<string, string>).toString()}`;
}

const isExpired = (attempt: PayPalBindingRow, now = Date.now()) =>
  attempt.createdAt.getTime() + PAYPAL_BINDING_TTL_MS <= now;

const payoutInFlight = () => AppError.of(ErrorCode.PAYOUT_IN_FLIGHT, 'shops.paypal.payoutInFlight');

export type PayPalBindingService = ReturnType<typeof createPayPalBindingService>;

/**
 * "Connect PayPal": the creator proves they own a PayPal account (authorization code flow with
 * state, nonce and PKCE, kept in `paypal_bindings`); the callback stores its payer id and
 * confirmed email as the shop's payout account, never while a payout is in flight.
 */
export function createPayPalBindingService({
  db,
  config,
  log,
}: {
  db: AppDatabase;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const sandbox = sandboxIdentity(config.jwtSecret);
  const payments = config.payments;
  const paypal: PayPalIdentity | undefined =
    payments.provider === 'paypal'
      ? payPalIdentity({
          apiBaseUrl: payments.baseUrl,
          clientId: payments.clientId,
          clientSecret: payments.clientSecret,
          publicUrl: config.publicUrl,
        })
      : undefined;
  const current = paypal ?? sandbox;

  function identityFor(name: string): PayPalIdentity | undefined {
    return name === 'paypal' ? paypal : name === 'sandbox' && !paypal ? sandbox : undefined;
  }

  /** One of the caller's attempts still on the sandbox's consent page, else absent. */
  async function pendingSandboxAttempt(userId: number, state: string): Promise<PayPalBindingRow> {
    const attempt = await findBinding(db, state);
    if (
      !attempt ||
      attempt.userId !== userId ||
      attempt.provider !== 'sandbox' ||
      paypal ||
      attempt.outcome !== null ||
      isExpired(attempt)
    ) {
      throw AppError.notFound();
    }
    return attempt;
  }

  async function fail(state: string, reason: TPayPalBindingReason): Promise<string> {
    await finishBinding(db, state, { outcome: 'failed', reason });
    return resultPage({ state });
  }

  return {
    async connect(userId: number): Promise<{ authorizeUrl: string }> {
      const shop = await findShopByOwner(db, userId);
      if (!shop) throw notCreated();
      if (await hasPayoutInFlight(db, userId)) throw payoutInFlight();
      const now = Date.now();
      const recent = await countBindingsSince(db, userId, new Date(now - PAYPAL_BINDING_TTL_MS));
      if (recent >= PAYPAL_BINDING_STARTS_PER_WINDOW) {
        throw AppError.of(ErrorCode.RATE_LIMITED, 'shops.paypal.tooManyAttempts');
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await insertBinding(db, { state, userId, provider: current.name, codeVerifier, nonce });
      return {
        authorizeUrl: current.authorizeUrl({ state, nonce, codeChallenge: pkceChallenge(codeVerifier) }),
      };
    },

    /**
     * PayPal's return: the state must name an attempt still at the provider and at most 10 minutes
     * old. Answers where to send the browser: the result page. Only a successful exchange with a
     * confirmed email, with no payout in flight, changes the shop — in the transaction that
     * records the outcome.
     */
    async callback(query: { code?: string; state?: string; error?: string }): Promise<string> {
      const state = query.state;
      if (!state || !ZPayPalBindingState.safeParse(state).success)
        return resultPage({ reason: 'state_invalid' });
      const attempt = await findBinding(db, state);
      if (!attempt) return resultPage({ reason: 'state_invalid' });
      if (attempt.outcome !== null) return resultPage({ reason: 'state_used' });
      if (isExpired(attempt)) return fail(state, 'expired');
      if (query.error !== undefined)
        return fail(state, query.error === 'access_denied' ? 'cancelled' : 'provider_error');
      const identity = identityFor(attempt.provider);
      if (!query.code || !identity) return fail(state, 'provider_error');

      let account: { payerId: string; email: string };
      try {
        account = await identity.exchange({ code: query.code, state, codeVerifier: attempt.codeVerifier });
      } catch (error) {
        log.warn({ err: error, state }, 'connecting PayPal failed');
        return fail(state, error instanceof BindingFailure ? error.reason : 'provider_error');
      }

      return withTransaction(db, async (tx) => {
        const pending = await lockPendingBinding(tx, state);
        if (!pending) return resultPage({ reason: 'state_used' });
        const shop = await lockShopByOwner(tx, pending.userId);
        let reason: TPayPalBindingReason | undefined;
        if (!shop) reason = 'no_shop';
        else if (await hasPayoutInFlight(tx, pending.userId)) reason = 'payout_in_flight';
        if (reason || !shop) {
          await finishBinding(tx, state, { outcome: 'failed', reason: reason ?? 'no_shop' });
          return resultPage({ state });
        }
        await setPayoutAccount(tx, shop.id, account);
        await finishBinding(tx, state, { outcome: 'bound', ...account });
        return resultPage({ state });
      });
    },

    /** The attempt's outcome, for the creator who started it only. */
    async result(userId: number, state: string): Promise<TPayPalBindingResult> {
      const attempt = await findBinding(db, state);
      if (!attempt || attempt.userId !== userId) throw AppError.notFound();
      if (attempt.outcome === 'bound')
        return { outcome: 'bound', ...(attempt.email ? { email: attempt.email } : {}) };
      if (attempt.outcome === 'failed') {
        const reason = (attempt.reason ?? 'provider_error') as TPayPalBindingReason;
        return { outcome: 'failed', reason };
      }
      return isExpired(attempt) ? { outcome: 'failed', reason: 'expired' } : { outcome: 'pending' };
    },

    /** Removes the payout account (verified or typed); refused while a payout is in flight. */
    async disconnect(userId: number): Promise<TShop> {
      return withTransaction(db, async (tx) => {
        const shop = await lockShopByOwner(tx, userId);
        if (!shop) throw notCreated();
        if (await hasPayoutInFlight(tx, userId)) throw payoutInFlight();
        return toShop(await setPayoutAccount(tx, shop.id, null));
      });
    },

    async sandboxConsent(userId: number, state: string): Promise<TSandboxConsent> {
      await pendingSandboxAttempt(userId, state);
      const shop = await findShopByOwner(db, userId);
      return { email: shop?.paypalEmail ?? (await accountEmailOf(db, userId)) ?? '' };
    },

    /** Agreeing issues a code for the callback, as PayPal would; cancelling answers access_denied. */
    async sandboxDecide(
      userId: number,
      state: string,
      form: TSandboxConsentRequest,
    ): Promise<TSandboxConsentAnswer> {
      const attempt = await pendingSandboxAttempt(userId, state);
      const params: Record<string, string> =
        form.decision === 'agree'
          ? {
              code: sandbox.issueCode({ state, email: form.email, codeVerifier: attempt.codeVerifier }),
              state,
            }
          : { error: 'access_denied', state };
      return { redirectUrl: `${PAYPAL_BINDING_CALLBACK_PATH}?${new URLSearchParams(params).toString()}` };
    },
  };
}
