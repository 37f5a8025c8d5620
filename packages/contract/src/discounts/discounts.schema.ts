import { z } from 'zod';
import { ZIsoDay } from '../platform/days';
import { ZPage, ZPageQuery } from '../platform/page';
import { ZShopRecordId } from '../shops/shops.schema';

/**
 * A discount code as buyers type it and creators name it: trimmed and upper-cased, then 3 to 32
 * letters, digits, `-` or `_`, starting with a letter or digit (`SPRING20`, `LAUNCH-10`). Anything
 * longer than 64 characters is refused before it is even trimmed.
 */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export const ZDiscountCodeText = z
  .string()
  .max(64, { message: 'discounts.codeFormat' })
  .transform((text) => text.trim().toUpperCase())
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, { message: 'discounts.codeFormat' }));

/** `percent`: a whole percentage off each line it applies to; `amount`: US cents off the order. */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export const ZDiscountKind = z.enum(DISCOUNT_KINDS);
export type TDiscountKind = z.infer<typeof ZDiscountKind>;

/** The most one fixed-amount code takes off, and the largest minimum order (US$100,000). */
export const DISCOUNT_AMOUNT_MAX_MINOR = 10_000_000;

/**
 * A code as the creator saves it. `productIds` null: every product of the shop; otherwise only
 * those (products on sale in the shop). Days are UTC calendar days: a code starts at the start of
 * `startsOn` and ends at the end of `endsOn`.
 */
export const ZDiscountCodeRequest = z
  .object({
    code: ZDiscountCodeText,
    kind: ZDiscountKind,
    /** For `percent`: 1 to 100. */
    percent: z.number().int().min(1, { message: 'discounts.percentRange' }).max(100, {
      message: 'discounts.percentRange',
    }),
    /** For `amount`: US cents. */
    amountMinor: z.number().int().min(1).max(DISCOUNT_AMOUNT_MAX_MINOR),
    minOrderMinor: z.number().int().min(1).max(DISCOUNT_AMOUNT_MAX_MINOR).nullable(),
    startsOn: ZIsoDay.nullable(),
    endsOn: ZIsoDay.nullable(),
    maxUses: z.number().int().min(1).max(1_000_000).nullable(),
    maxUsesPerEmail: z.number().int().min(1).max(1_000).nullable(),
    productIds: z.array(ZShopRecordId).min(1).max(200).nullable(),
  })
  .partial({ percent: true, amountMinor: true })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && input.percent === undefined) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'discounts.percentRange' });
    }
    if (input.kind === 'amount' && input.amountMinor === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: 'discounts.amountRequired' });
    }
    if (input.startsOn && input.endsOn && input.endsOn < input.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'validation.dateOrder' });
    }
    if (input.productIds && new Set(input.productIds).size !== input.productIds.length) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'discounts.productTwice' });
    }
  });
export type TDiscountCodeRequest = z.input<typeof ZDiscountCodeRequest>;

/**
 * Where a code stands now: `scheduled` before its first day, `expired` after its last, `usedUp`
 * at its total uses, `paused` by its creator, else `active`.
 */
export const DISCOUNT_STATES = ['active', 'scheduled', 'expired', 'usedUp', 'paused'] as const;
export const ZDiscountState = z.enum(DISCOUNT_STATES);
export type TDiscountState = z.infer<typeof ZDiscountState>;

/** A code as its creator lists it, with how it sold: paid orders only, in US cents. */
export const ZDiscountCode = z.object({
  id: z.string(),
  code: z.string(),
  kind: ZDiscountKind,
  percent: z.number().int().nullable(),
  amountMinor: z.number().int().nullable(),
  currencyCode: z.literal('USD'),
  minOrderMinor: z.number().int().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerEmail: z.number().int().nullable(),
  /** null: the whole shop. */
  products: z.array(z.object({ id: z.string(), title: z.string() })).nullable(),
  paused: z.boolean(),
  state: ZDiscountState,
  /** Orders placed with it and not let lapse unpaid (what the total uses limit counts). */
  uses: z.number().int(),
  /** Paid orders with it. */
  paidOrders: z.number().int(),
  /** Those orders' items less their discount: the sales it brought. */
  salesMinor: z.number().int(),
  /** What it took off those orders (out of the creator's profit). */
  discountMinor: z.number().int(),
  createdAt: z.string(),
});
export type TDiscountCode = z.infer<typeof ZDiscountCode>;

export const ZDiscountCodePage = ZPage(ZDiscountCode);
export type TDiscountCodePage = z.infer<typeof ZDiscountCodePage>;

export const ZDiscountCodePageQuery = ZPageQuery.extend({
  /** Part of the code. */
  keywords: z.string().trim().max(32).optional(),
});
export type TDiscountCodePageQuery = z.input<typeof ZDiscountCodePageQuery>;

export const ZDiscountCodeIdParams = z.object({ id: ZShopRecordId });
export const ZDiscountPauseRequest = z.object({ paused: z.boolean() });

/**
 * Why a code does not apply to a cart, as the checkout tells the buyer: it is no code of any shop,
 * another shop's, not started or over, used up (by everyone, or by this email), paused, for none of
 * these products, or the cart is below its minimum.
 */
export const DISCOUNT_REFUSALS = [
  'unknown',
  'otherShop',
  'notStarted',
  'expired',
  'usedUp',
  'usedByYou',
  'paused',
  'notForTheseProducts',
  'minimumNotReached',
] as const;
export const ZDiscountRefusal = z.enum(DISCOUNT_REFUSALS);
export type TDiscountRefusal = z.infer<typeof ZDiscountRefusal>;

/**
 * A code asked for at checkout: applied (the saving is the quote's `discountMinor`; `capped` when
 * some line took less because its profit ran out), or refused with the reason.
 */
export const ZDiscountQuote = z.object({
  code: z.string(),
  refusal: ZDiscountRefusal.nullable(),
  /** The code's minimum order (US cents), to say how far the cart is from it. */
  minOrderMinor: z.number().int().nullable(),
  capped: z.boolean(),
});
export type TDiscountQuote = z.infer<typeof ZDiscountQuote>;
