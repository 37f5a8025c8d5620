import { z } from 'zod';
import { ZOrderStatus } from '../orders/orders.schema';
import { daysInOrder, ZIsoDay } from '../platform/days';
import { ZPage, ZPageQuery } from '../platform/page';

/**
 * The console's Commerce › Creators page: users who own a shop (not console operators), with
 * their sales and balances derived from the ledger, and the operators' actions on their shop
 * (suspend / lift, hold / release payouts). Amounts are integer minor units of `currencyCode`
 * (US cents: the ledger is kept in USD); never decimals.
 */

/** all; only suspended shops; only creators whose payouts are held. */
export const ZCreatorState = z.enum(['all', 'suspended', 'payoutsHeld']);
export type TCreatorState = z.infer<typeof ZCreatorState>;

export const ZCreatorsQuery = ZPageQuery.extend({
  /** The creator's email, the shop's name or slug (contains, any case). */
  keywords: z.string().trim().max(100).optional(),
  state: ZCreatorState.default('all'),
  /** Signed up on or after this UTC day. */
  from: ZIsoDay.optional(),
  /** Signed up on or before this UTC day. */
  to: ZIsoDay.optional(),
}).refine(...daysInOrder);
export type TCreatorsQuery = z.input<typeof ZCreatorsQuery>;

/** none: no payout account; unverified: a typed email; verified: connected with "Log in with PayPal". */
export const ZPayoutAccountStatus = z.enum(['none', 'unverified', 'verified']);
export type TPayoutAccountStatus = z.infer<typeof ZPayoutAccountStatus>;

export const ZCreator = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  shopId: z.string(),
  shopName: z.string(),
  slug: z.string(),
  signedUpAt: z.string(),
  /** Paid orders (one sale entry each) and the profit they credited. */
  salesCount: z.number().int(),
  salesMinor: z.number().int(),
  /** Everything the ledger owes the creator (purchases excluded). */
  balanceMinor: z.number().int(),
  /** Of the balance, sales still in their hold. */
  pendingMinor: z.number().int(),
  /** Payouts PayPal paid. */
  paidOutMinor: z.number().int(),
  currencyCode: z.string(),
  payoutAccount: ZPayoutAccountStatus,
  /** The reason an operator gave when suspending the shop; null: open. */
  suspendedReason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  /** The reason an operator gave when holding the payouts; null: not held. */
  payoutsHeldReason: z.string().nullable(),
  payoutsHeldAt: z.string().nullable(),
});
export type TCreator = z.infer<typeof ZCreator>;
export const ZCreatorPage = ZPage(ZCreator);
export type TCreatorPage = z.infer<typeof ZCreatorPage>;

export const ZCreatorParams = z.object({ userId: z.string().regex(/^[1-9]\d{0,14}$/) });
export const ZCreatorDetailQuery = z.object({
  /** The page of the ledger entries shown. */
  ledgerPageNum: z.coerce.number().int().min(1).default(1),
  ledgerPageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type TCreatorDetailQuery = z.input<typeof ZCreatorDetailQuery>;

export const ZCreatorRecentOrder = z.object({
  orderNo: z.string(),
  status: ZOrderStatus,
  totalMinor: z.number().int(),
  profitMinor: z.number().int(),
  currencyCode: z.string(),
  createdAt: z.string(),
});
export type TCreatorRecentOrder = z.infer<typeof ZCreatorRecentOrder>;

export const ZCreatorLedgerEntry = z.object({
  id: z.string(),
  /** sale, refund, payout, payout_return, adjustment, purchase. */
  kind: z.string(),
  amountMinor: z.number().int(),
  currencyCode: z.string(),
  orderNo: z.string().nullable(),
  payoutId: z.string().nullable(),
  createdAt: z.string(),
});
export type TCreatorLedgerEntry = z.infer<typeof ZCreatorLedgerEntry>;

export const ZShopActionKind = z.enum(['suspend', 'lift', 'hold_payouts', 'release_payouts']);
export type TShopActionKind = z.infer<typeof ZShopActionKind>;

export const ZShopAction = z.object({
  id: z.string(),
  action: ZShopActionKind,
  reason: z.string(),
  /** The operator's username; null when that account is gone. */
  operator: z.string().nullable(),
  createdAt: z.string(),
});
export type TShopAction = z.infer<typeof ZShopAction>;

export const ZCreatorDetail = z.object({
  creator: ZCreator,
  /** The shop's most recent orders, newest first. */
  recentOrders: z.array(ZCreatorRecentOrder),
  ledger: ZPage(ZCreatorLedgerEntry),
  /** Operators' actions on the shop, newest first. */
  actions: z.array(ZShopAction),
});
export type TCreatorDetail = z.infer<typeof ZCreatorDetail>;

/** Suspend or lift: the reason is required (it is recorded and, for a suspension, shown to the creator). */
export const ZShopActionRequest = z.object({ reason: z.string().trim().min(1).max(500) });
export type TShopActionRequest = z.infer<typeof ZShopActionRequest>;
