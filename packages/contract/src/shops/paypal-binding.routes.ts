import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZShop } from './shops.schema';
import {
  ZPayPalBindingResult,
  ZPayPalBindingStateParams,
  ZPayPalConnectAnswer,
  ZSandboxConsent,
  ZSandboxConsentAnswer,
  ZSandboxConsentRequest,
} from './paypal-binding.schema';

/**
 * PayPal's (or the sandbox's) browser redirect back to us: `?code&state` or `?error&state`. It is
 * not a JSON route (it answers 302 to the result page) and is public, since a redirect carries
 * no bearer token: the state ties it to the creator who started the attempt.
 */
export const PAYPAL_BINDING_CALLBACK_PATH = '/api/v1/shop/paypal/callback';

const tags = ['shops'] as const;
const signedIn = { permission: null };

/** "Connect PayPal": the verified payout account of the caller's shop. */
export const paypalBindingRoutes = defineRoutes({
  connect: {
    method: 'POST',
    path: '/api/v1/shop/paypal/connect',
    summary: 'Starts connecting a PayPal account (Log in with PayPal); answers where to send the browser',
    tags,
    response: ZPayPalConnectAnswer,
    access: signedIn,
  },
  result: {
    method: 'GET',
    path: '/api/v1/shop/paypal/result/:state',
    summary: "The outcome of one of the caller's attempts to connect PayPal",
    tags,
    params: ZPayPalBindingStateParams,
    response: ZPayPalBindingResult,
    access: signedIn,
  },
  disconnect: {
    method: 'DELETE',
    path: '/api/v1/shop/paypal',
    summary: "Removes the shop's payout account (refused while a payout is in flight)",
    tags,
    response: ZShop,
    access: signedIn,
  },
  sandboxConsent: {
    method: 'GET',
    path: '/api/v1/shop/paypal/sandbox/:state',
    summary: "The offline sandbox's consent page for one of the caller's pending attempts",
    tags,
    params: ZPayPalBindingStateParams,
    response: ZSandboxConsent,
    access: signedIn,
  },
  sandboxDecide: {
    method: 'POST',
    path: '/api/v1/shop/paypal/sandbox/:state',
    summary: "The creator agrees (with a sandbox account email) or cancels on the sandbox's consent page",
    tags,
    params: ZPayPalBindingStateParams,
    body: ZSandboxConsentRequest,
    response: ZSandboxConsentAnswer,
    access: signedIn,
  },
});

export const ZPayPalCallbackQuery = z.looseObject({
  code: z.string().max(2048).optional().catch(undefined),
  state: z.string().max(128).optional().catch(undefined),
  error: z.string().max(128).optional().catch(undefined),
});
