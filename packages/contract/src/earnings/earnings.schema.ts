import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';
import { ZPayoutStatus } from '../payouts/payouts.schema';
import { daysBetween, ZIsoDay } from '../platform/days';
import { ZExportFormat } from '../orders/orders.schema';

/**
 * The creator's earnings (`#/revenue`), read from their ledger: a sale credits an order's profit
 * once it is paid, a payout debits what was sent to their PayPal account. US cents; days are UTC.
 */

/** The longest range the daily chart answers. */
export const MAX_EARNINGS_DAYS = 366;

/** The payout account as the revenue page shows it: verified only when connected through PayPal. */
export const ZPayoutAccount = z.object({ email: z.string(), verified: z.boolean() });
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

/**
 * Every figure is derived from the ledger (decision 0025): pending + available = the balance
 * (everything in the ledger except purchases); in flight and paid out are payouts' debits by the
 * payout's state. available + pending + inFlight = Σ credits − Σ debits of settled payouts.
 */
export const ZEarningsSummary = z.object({
  /** pending + available: everything the ledger owes the creator. */
  balanceMinor: z.number().int(),
  /** Sales still in their hold (order not completed, or completed less than holdDays ago). */
  pendingMinor: z.number().int(),
  /** What can be withdrawn now (may be below 0 after a refund of paid-out profit). */
  availableMinor: z.number().int(),
  /** Payouts requested and not yet paid or returned. */
  inFlightMinor: z.number().int(),
  /** Payouts PayPal paid, as a positive amount. */
  paidOutMinor: z.number().int(),
  /**
   * Earnings: every sale's profit less what refunds took back (decision 0041). With the others:
   * balance = totalEarned + adjustments − inFlight − paidOut, and available = balance − pending.
   */
  totalEarnedMinor: z.number().int(),
  /** Earnings written since the first day of the current UTC month. */
  thisMonthMinor: z.number().int(),
  /** Operators' corrections to the balance (±); 0 for most creators. */
  adjustmentsMinor: z.number().int(),
  /** What the creator paid for their own orders ("Pay now"), outside the balance. */
  purchasesMinor: z.number().int(),
  currencyCode: z.string(),
  /** The configured rules: the hold after completion, the smallest and the daily largest payout. */
  holdDays: z.number().int(),
  minimumPayoutMinor: z.number().int(),
  dailyMaximumMinor: z.number().int(),
  /** Where a payout goes; null when no account is set. */
  payoutAccount: ZPayoutAccount.nullable(),
  autoPayout: z.boolean(),
  /** An operator holds this creator's payouts. */
  payoutsHeld: z.boolean(),
});
export type TEarningsSummary = z.infer<typeof ZEarningsSummary>;

export const ZLedgerKind = z.enum(['sale', 'payout', 'payout_return', 'adjustment', 'purchase', 'refund']);
export type TLedgerKind = z.infer<typeof ZLedgerKind>;

export const ZLedgerEntriesQuery = ZPageQuery;
/** The ledger export: every entry the list pages through (it has no filters), as CSV or .xlsx. */
export const ZLedgerExportQuery = z.object({ format: ZExportFormat });
export type TLedgerExportQuery = z.input<typeof ZLedgerExportQuery>;

export const ZLedgerEntry = z.object({
  id: z.string(),
  kind: ZLedgerKind,
  /** Positive for a credit, negative for a debit. */
  amountMinor: z.number().int(),
  currencyCode: z.string(),
  /** The sale's (or purchase's) order; null for payouts and adjustments. */
  orderNo: z.string().nullable(),
  /** The payout of a 'payout' or 'payout_return' entry, and its state. */
  payoutId: z.string().nullable(),
  payoutStatus: ZPayoutStatus.nullable(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
export const ZLedgerEntryPage = ZPage(ZLedgerEntry);
export type TLedgerEntryPage = z.infer<typeof ZLedgerEntryPage>;

/** Both ends included, `from` ≤ `to`, at most MAX_EARNINGS_DAYS days. */
export const ZEarningsDailyQuery = z
  .object({ from: ZIsoDay, to: ZIsoDay })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'validation.dateOrder' })
  .refine((q) => daysBetween(q.from, q.to) < MAX_EARNINGS_DAYS, {
    path: ['to'],
    message: 'validation.dateSpan',
  });
export type TEarningsDailyQuery = z.infer<typeof ZEarningsDailyQuery>;

/** One row per day of the range, in order: earnings less refunds (may be below 0); a day without any is 0. */
export const ZEarningsDaily = z.array(z.object({ day: ZIsoDay, cents: z.number().int() }));
export type TEarningsDaily = z.infer<typeof ZEarningsDaily>;
