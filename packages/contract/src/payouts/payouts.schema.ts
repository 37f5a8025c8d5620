import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';

/**
 * Payouts of a creator's available earnings to their connected PayPal account (`#/revenue`), and
 * the operators' view of them. Amounts are integer minor units of `currencyCode` (US cents: the
 * ledger is kept in USD); never decimals.
 */

/** requested: stored, PayPal not yet known to have it; processing: PayPal has it; paid; returned. */
export const ZPayoutStatus = z.enum(['requested', 'processing', 'paid', 'returned']);
export type TPayoutStatus = z.infer<typeof ZPayoutStatus>;

export const ZPayoutTrigger = z.enum(['manual', 'auto']);
export type TPayoutTrigger = z.infer<typeof ZPayoutTrigger>;

/** The client's key for one withdrawal attempt: the same key again answers the same payout. */
export const ZRequestKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** Withdraw: all of the available balance when `amountCents` is left out. */
export const ZWithdrawRequest = z.object({
  amountCents: z.number().int().positive().optional(),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
  requestKey: ZRequestKey,
});
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

export const ZPayout = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currencyCode: z.string(),
  status: ZPayoutStatus,
  trigger: ZPayoutTrigger,
  /** PayPal's word for the item (SUCCESS, UNCLAIMED, RETURNED, …) once known. */
  providerStatus: z.string().nullable(),
  /** Why it was returned, as PayPal said it; null otherwise. */
  reason: z.string().nullable(),
  receiverEmail: z.string(),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;
export const ZPayoutPage = ZPage(ZPayout);
export type TPayoutPage = z.infer<typeof ZPayoutPage>;
export const ZPayoutsQuery = ZPageQuery;

export const ZPayoutSettings = z.object({ autoPayout: z.boolean() });
export type TPayoutSettings = z.infer<typeof ZPayoutSettings>;

/** A sale still in its hold, with the day it becomes available (null until the order completes). */
export const ZPendingSale = z.object({
  orderNo: z.string(),
  amountCents: z.number().int(),
  currencyCode: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  availableAt: z.string().nullable(),
});
export type TPendingSale = z.infer<typeof ZPendingSale>;
export const ZPendingSalePage = ZPage(ZPendingSale);
export type TPendingSalePage = z.infer<typeof ZPendingSalePage>;

// ── Console: every creator's payouts, and holding a creator's payouts ──────────────────────────

export const ZConsolePayoutsQuery = ZPageQuery.extend({
  status: ZPayoutStatus.optional(),
  /** Creator username, shop name or receiver email (contains). */
  keywords: z.string().trim().max(100).optional(),
});
export type TConsolePayoutsQuery = z.infer<typeof ZConsolePayoutsQuery>;

export const ZConsolePayout = ZPayout.extend({
  userId: z.string(),
  username: z.string(),
  shopName: z.string(),
  /** The creator's payouts are held by an operator (the reason), or null. */
  heldReason: z.string().nullable(),
  attempts: z.number().int(),
});
export type TConsolePayout = z.infer<typeof ZConsolePayout>;
export const ZConsolePayoutPage = ZPage(ZConsolePayout);
export type TConsolePayoutPage = z.infer<typeof ZConsolePayoutPage>;

export const ZPayoutUserParams = z.object({ userId: z.string().regex(/^[1-9]\d{0,14}$/) });

/** Hold a creator's payouts with a reason, or release them (`held: false`). */
export const ZPayoutHoldRequest = z
  .object({ held: z.boolean(), reason: z.string().trim().max(500).optional() })
  .refine((body) => !body.held || (body.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'validation.required',
  });
export type TPayoutHoldRequest = z.infer<typeof ZPayoutHoldRequest>;
