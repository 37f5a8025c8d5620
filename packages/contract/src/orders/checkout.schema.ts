import { z } from 'zod';
import { ZDiscountCodeText, ZDiscountQuote } from '../discounts/discounts.schema';
import { LANGUAGES } from '../platform/languages';
import { ZShopRecordId, ZShopSlug } from '../shops/shops.schema';
import { postalCodeFits } from './postal-codes';
import { isRegionOf } from './regions';
import { ZTrafficSource } from '../storefront/storefront.schema';
import { TAX_SCHEMES } from '../taxes/eu-import';

/**
 * A buyer's checkout (c-side, decision 0020): an order at status 0 with prices frozen, paid through
 * the payment provider (PayPal, or the offline sandbox) and captured on `/payresult`.
 * Amounts are US cents.
 */

export const ZShippingAddress = z.object({
  name: z.string().trim().min(1).max(120),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  region: z.string().trim().max(100).optional(),
  postalCode: z
    .string()
    .trim()
    .min(2)
    .max(16)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/),
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^\+?[0-9 ()-]*$/)
    .optional(),
});
export type TShippingAddress = z.infer<typeof ZShippingAddress>;

export const ZCheckoutItem = z.object({
  productId: ZShopRecordId,
  /**
   * The variant bought (decision 0055). Without it, the variant the product is sold as: a cart
   * kept from before variants, or a product without options.
   */
  variantId: ZShopRecordId.optional(),
  quantity: z.number().int().min(1).max(99),
});

/** Each product (and variant) once. */
const ZCheckoutItems = z
  .array(ZCheckoutItem)
  .min(1)
  .max(20)
  .refine((items) => new Set(items.map((i) => `${i.productId}:${i.variantId ?? ''}`)).size === items.length, {
    message: 'checkout.duplicateItem',
  });

export const ZCheckoutRequest = z.object({
  shop: ZShopSlug,
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  /** Where taxes differ by region (US, CA, AU), the region is one of the country's codes. */
  address: ZShippingAddress.refine((address) => isRegionOf(address.countryCode, address.region), {
    path: ['region'],
    message: 'checkout.regionUnknown',
  }).refine((address) => postalCodeFits(address.countryCode, address.postalCode), {
    path: ['postalCode'],
    message: 'checkout.postalCodeCountry',
  }),
  items: ZCheckoutItems,
  /**
   * The shipping method the buyer chose among those the quote offered. Without it, the first one
   * offered (the cheapest of the zone's own order): a cart page from before shipping had a choice.
   */
  shippingMethodId: ZShopRecordId.optional(),
  /** The shop's discount code the buyer entered or came with (`?code=` on the shop's link). */
  discountCode: ZDiscountCodeText.optional(),
  /**
   * A random key the storefront makes per checkout attempt: sent again (a retried request, a
   * second tab, a double tap), it answers the order already placed instead of placing another.
   */
  checkoutKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
  /** The buyer's language: the confirmation mail is written in it. */
  language: z.enum(LANGUAGES).default('en'),
  /**
   * The buyer ticked "Email me news and offers from <shop>" (unticked by default): the shop may
   * send them marketing mail, each with a one-click unsubscribe, until they unsubscribe.
   */
  marketingConsent: z.boolean().default(false),
  userSource: ZTrafficSource.default('default'),
  pageSource: ZTrafficSource.default(''),
});
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;

/**
 * What the cart would cost shipped to a country (and region): the shipping methods offered there
 * with their price and delivery estimate for these items, the tax in force, and the totals with the
 * chosen method (or the first). The storefront shows it before the buyer pays; the checkout
 * computes the same figures again from current data and freezes them.
 */
export const ZCheckoutQuoteRequest = z.object({
  shop: ZShopSlug,
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  region: z.string().trim().max(100).optional(),
  items: ZCheckoutItems,
  shippingMethodId: ZShopRecordId.optional(),
  discountCode: ZDiscountCodeText.optional(),
  /** The buyer's email when typed: a code's uses per email are checked against it. */
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)).optional(),
});
export type TCheckoutQuoteRequest = z.input<typeof ZCheckoutQuoteRequest>;

export const ZShippingOption = z.object({
  methodId: z.string(),
  name: z.string(),
  /**
   * What the buyer pays for it: the method's price for these items, less what the shop's free
   * shipping pays when it applies (the cheapest is then free, a dearer one costs the difference).
   */
  costMinor: z.number().int(),
  /** Business days from dispatch. */
  minDays: z.number().int(),
  maxDays: z.number().int(),
  /** The method's free-shipping threshold is met by these items. */
  free: z.boolean(),
});
export type TShippingOption = z.infer<typeof ZShippingOption>;

/** The tax charged where the order ships; `inclusive`: prices there are shown with it ("incl. VAT"). */
export const ZTaxShown = z.object({ name: z.string(), rateMicros: z.number().int(), inclusive: z.boolean() });
export type TTaxShown = z.infer<typeof ZTaxShown>;

/**
 * EU imports (decision 0056): `ioss`, goods worth at most €150 with their VAT collected at
 * checkout; `import`, worth more, no tax at checkout (the carrier collects import VAT and duties
 * on delivery); null outside the EU.
 */
export const ZTaxScheme = z.enum(TAX_SCHEMES).nullable();

/** An order's money, as it is frozen (the receipt) or would be (the quote); minor units of `currencyCode`. */
export const ZOrderMoney = z.object({
  /** Σ unit price × quantity, before tax. */
  itemsMinor: z.number().int(),
  discountMinor: z.number().int(),
  /** The shop's discount code it was given (upper-cased), or null. */
  discountCode: z.string().nullable(),
  /** Where prices include tax: the tax the discount takes off with it (shown with it), else 0. */
  discountTaxMinor: z.number().int(),
  /** What the buyer pays for shipping. */
  shippingMinor: z.number().int(),
  /**
   * The shipping the shop paid from its profit (its free shipping over an amount); 0 or absent:
   * none. Shipping shows as free when it paid all of it.
   */
  creatorShippingMinor: z.number().int().optional(),
  /** The tax on shipping (part of `taxMinor`). */
  shippingTaxMinor: z.number().int(),
  /** All tax: on the items less the discount, and on shipping. */
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  currencyCode: z.string(),
  /** null where no tax is charged. */
  tax: ZTaxShown.nullable(),
  taxScheme: ZTaxScheme,
});
export type TOrderMoney = z.infer<typeof ZOrderMoney>;

/**
 * The shop's free shipping over an amount as a cart gets it (`creatorFreeShipping`): applied, or
 * refused because the items less the discount are below the threshold (`missingMinor` to go) or
 * because the order's profit cannot pay the shipping (`missingMinor` short).
 */
export const ZFreeShippingQuote = z.object({
  thresholdMinor: z.number().int(),
  applies: z.boolean(),
  reason: z.enum(['belowThreshold', 'profit']).nullable(),
  missingMinor: z.number().int(),
  creatorShippingMinor: z.number().int(),
});
export type TFreeShippingQuote = z.infer<typeof ZFreeShippingQuote>;

/** The shipping method an order was placed with and its delivery estimate (business days). */
export const ZOrderShipping = z.object({
  method: z.string(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});

export const ZCheckoutQuote = ZOrderMoney.extend({
  /** false: no shipping zone covers the country; the checkout would refuse it. */
  shippable: z.boolean(),
  methods: z.array(ZShippingOption),
  /** The method the totals are for; null when nothing ships there. */
  shippingMethodId: z.string().nullable(),
  /** The code asked for, applied or refused with the reason; null when none was. */
  discount: ZDiscountQuote.nullable(),
  /** The shop's free shipping for this cart (or why not); null or absent when it offers none. */
  freeShipping: ZFreeShippingQuote.nullable().optional(),
});
export type TCheckoutQuote = z.infer<typeof ZCheckoutQuote>;

/** The order is placed (status 0, stock reserved); the buyer goes to `approveUrl` to pay. */
export const ZCheckoutAnswer = z.object({
  orderNo: z.string(),
  totalMinor: z.number().int(),
  currencyCode: z.string(),
  approveUrl: z.string(),
});
export type TCheckoutAnswer = z.infer<typeof ZCheckoutAnswer>;

/**
 * `/payresult` asks to capture: the provider's order id (`token`, as PayPal returns it) must be
 * the order's — it is the buyer's proof that they started this payment.
 */
export const ZCaptureRequest = z.object({
  orderNo: z.string().regex(/^[A-Z0-9-]{6,32}$/),
  token: z.string().min(1).max(64),
});
export type TCaptureRequest = z.infer<typeof ZCaptureRequest>;

export const ZOrderReceiptQuery = ZCaptureRequest;

/** What the buyer sees on `/payresult` and in the confirmation mail. */
export const ZOrderReceipt = z.object({
  orderNo: z.string(),
  /** 0 unpaid, 1 paid / in transit, 2 completed. */
  status: z.literal([0, 1, 2]),
  shop: z.object({ slug: z.string(), name: z.string() }),
  items: z.array(
    z.object({
      productId: z.string(),
      title: z.string(),
      /** The variant bought, "M / Black" in the order's language; '' without options. */
      variantLabel: z.string(),
      imageUrl: z.string().nullable(),
      quantity: z.number().int(),
      unitMinor: z.number().int(),
      lineMinor: z.number().int(),
    }),
  ),
  totalMinor: z.number().int(),
  currencyCode: z.string(),
  /** Items, discount, shipping, tax and total as frozen when the order was placed. */
  money: ZOrderMoney,
  shipping: ZOrderShipping.nullable(),
  /** The buyer's address masked (`a***@example.com`): the receipt answers anyone holding the link. */
  email: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /**
   * The provider took the payment but holds it as PENDING (e.g. under review): the order stays
   * unpaid (0) until the provider confirms it, then becomes paid without the buyer doing anything.
   */
  paymentPending: z.boolean().optional(),
});
export type TOrderReceipt = z.infer<typeof ZOrderReceipt>;

/** The sandbox provider's local approval page (`/payauth`): what the buyer is asked to approve. */
export const ZSandboxApprovalParams = z.object({ token: z.string().min(1).max(64) });
export const ZSandboxApproval = z.object({
  token: z.string(),
  status: z.string(),
  amountMinor: z.number().int(),
  currencyCode: z.string(),
  /** The order number and the shop it was placed in. */
  reference: z.string().nullable(),
  shopName: z.string().nullable(),
  cancelUrl: z.string(),
  /**
   * Once approved or paid: where approving led (the return URL with `token`), so the page of a
   * finished payment leads to its receipt instead of offering "Approve" again. Null before.
   */
  receiptUrl: z.string().nullable(),
});
export type TSandboxApproval = z.infer<typeof ZSandboxApproval>;
/** Approving answers where to send the buyer (the return URL with `token`), as PayPal does. */
export const ZSandboxApproveAnswer = z.object({ redirectTo: z.string() });
