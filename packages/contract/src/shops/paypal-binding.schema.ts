import { z } from 'zod';

/** The `state` of a "Connect PayPal" attempt: what the provider sends back, 43 base64url characters. */
export const ZPayPalBindingState = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const ZPayPalBindingStateParams = z.object({ state: ZPayPalBindingState });

/** `POST /shop/paypal/connect`: where to send the browser (PayPal, or the sandbox's consent page). */
export const ZPayPalConnectAnswer = z.object({ authorizeUrl: z.string() });
export type TPayPalConnectAnswer = z.infer<typeof ZPayPalConnectAnswer>;

/**
 * Why a binding failed, for the result page to translate: the creator cancelled, the attempt took
 * more than 10 minutes, PayPal gave no confirmed email, PayPal refused or failed, a payout was in
 * flight, the shop is gone, or the link did not belong to a live attempt (unknown or already used).
 */
export const PAYPAL_BINDING_REASONS = [
  'cancelled',
  'expired',
  'email_unverified',
  'provider_error',
  'payout_in_flight',
  'no_shop',
  'state_invalid',
  'state_used',
] as const;
export const ZPayPalBindingReason = z.enum(PAYPAL_BINDING_REASONS);
export type TPayPalBindingReason = z.infer<typeof ZPayPalBindingReason>;

/** `GET /shop/paypal/result/:state`: the attempt's outcome, for its own creator only. */
export const ZPayPalBindingResult = z.object({
  outcome: z.enum(['bound', 'failed', 'pending']),
  /** The connected account's verified email (bound only). */
  email: z.string().optional(),
  reason: ZPayPalBindingReason.optional(),
});
export type TPayPalBindingResult = z.infer<typeof ZPayPalBindingResult>;

/** The sandbox's consent page: the account email it suggests (the creator's own, else empty). */
export const ZSandboxConsent = z.object({ email: z.string() });
export type TSandboxConsent = z.infer<typeof ZSandboxConsent>;

/** The creator's answer on the sandbox's consent page; agreeing names the sandbox account. */
export const ZSandboxConsentRequest = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('agree'),
    email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  }),
  z.object({ decision: z.literal('cancel') }),
]);
export type TSandboxConsentRequest = z.infer<typeof ZSandboxConsentRequest>;

/** Where the browser goes next: our callback with a code (or `error=access_denied`) and the state. */
export const ZSandboxConsentAnswer = z.object({ redirectUrl: z.string() });
export type TSandboxConsentAnswer = z.infer<typeof ZSandboxConsentAnswer>;
