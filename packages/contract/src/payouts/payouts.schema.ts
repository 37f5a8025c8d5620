import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';
import { daysBetween, ZIsoDay } from '../platform/days';

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

/** Withdraw: all of the available balance when `amountMinor` is left out. */
export const ZWithdrawRequest = z.object({
  amountMinor: z.number().int().positive().optional(),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
  requestKey: ZRequestKey,
});
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

export const ZPayout = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
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
  amountMinor: z.number().int(),
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
  /** The returned payout this one retries, or null. */
  retryOfId: z.string().nullable().optional(),
  /** The payout that retried this returned one, or null (a payout is retried at most once). */
  retriedById: z.string().nullable().optional(),
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

// ── Console: retrying a returned payout, and payouts per day ───────────────────────────────────

export const ZPayoutIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) });

/** The longest range the console's payouts per day answers. */
export const MAX_PAYOUT_DAILY_DAYS = 366;

/** UTC days, both included, `from` ≤ `to`, at most MAX_PAYOUT_DAILY_DAYS days. */
export const ZPayoutDailyQuery = z
  .object({ from: ZIsoDay, to: ZIsoDay })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'validation.dateOrder' })
  .refine((q) => daysBetween(q.from, q.to) < MAX_PAYOUT_DAILY_DAYS, {
    path: ['to'],
    message: 'validation.dateSpan',
  });
export type TPayoutDailyQuery = z.infer<typeof ZPayoutDailyQuery>;

/** How many payouts and how much (US cents). */
export const ZPayoutDayFigure = z.object({ count: z.number().int().min(0), cents: z.number().int().min(0) });
export type TPayoutDayFigure = z.infer<typeof ZPayoutDayFigure>;

/**
 * The payouts requested on one UTC day, by their status now: one row per day of the range, in
 * order; a day without payouts is all 0.
 */
export const ZPayoutDay = z.object({
  day: ZIsoDay,
  requested: ZPayoutDayFigure,
  processing: ZPayoutDayFigure,
  paid: ZPayoutDayFigure,
  returned: ZPayoutDayFigure,
});
export type TPayoutDay = z.infer<typeof ZPayoutDay>;
export const ZPayoutDaily = z.array(ZPayoutDay);
export type TPayoutDaily = z.infer<typeof ZPayoutDaily>;
