import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';
import { daysBetween, ZIsoDay } from '../orders/orders.schema';

/**
 * The creator's earnings (`#/revenue`), read from their ledger: a sale credits an order's profit
 * once it is paid, a payout debits what was sent to their PayPal account. US cents; days are UTC.
 */

/** The longest range the daily chart answers. */
export const MAX_EARNINGS_DAYS = 366;

export const ZEarningsSummary = z.object({
  /** Everything in the ledger: sales − payouts ± adjustments. */
  balanceCents: z.number().int(),
  /** All sales ever credited. */
  totalEarnedCents: z.number().int(),
  /** All payouts ever sent, as a positive amount. */
  paidOutCents: z.number().int(),
  /** Sales credited since the first day of the current UTC month. */
  thisMonthCents: z.number().int(),
  currencyCode: z.string(),
});
export type TEarningsSummary = z.infer<typeof ZEarningsSummary>;

export const ZLedgerKind = z.enum(['sale', 'payout', 'adjustment']);
export type TLedgerKind = z.infer<typeof ZLedgerKind>;

export const ZLedgerEntriesQuery = ZPageQuery;

export const ZLedgerEntry = z.object({
  id: z.string(),
  kind: ZLedgerKind,
  /** Positive for a credit, negative for a debit. */
  amountCents: z.number().int(),
  currencyCode: z.string(),
  /** The sale's order; null for payouts and adjustments. */
  orderNo: z.string().nullable(),
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

/** One row per day of the range, in order; a day without sales is 0. */
export const ZEarningsDaily = z.array(z.object({ day: ZIsoDay, cents: z.number().int() }));
export type TEarningsDaily = z.infer<typeof ZEarningsDaily>;
