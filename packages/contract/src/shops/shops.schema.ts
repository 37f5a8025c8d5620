import { isSafeLink, UNSAFE_LINK_MESSAGE } from '../platform/link';
import { z } from 'zod';

/** A record id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZShopRecordId = z.string().regex(/^[1-9]\d{0,14}$/);

/**
 * Words a shop link may not be: they name pages of the site or would mislead a buyer. The server
 * refuses them; the studio can warn while the creator types.
 */
export const RESERVED_SHOP_SLUGS: readonly string[] = [
  'admin',
  'api',
  'app',
  'assets',
  'console',
  'files',
  'help',
  'linkstore',
  'login',
  'logout',
  'official',
  'pay',
  'paypal',
  'product',
  'public',
  'register',
  'root',
  'settings',
  'shop',
  'shops',
  'static',
  'store',
  'studio',
  'support',
  'system',
  'www',
];

/** The shop's public link name: 3–40 lower-case letters, digits and single hyphens (`anna-s-picks`). */
export const ZShopSlug = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/** An image or link address: absolute http(s), or a path on this site (`/files/…`). */
export const ZShopUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/|\/(?!\/))\S*$/)
  .refine(isSafeLink, { error: UNSAFE_LINK_MESSAGE });

export const ZShop = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  bannerUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  defaultPercentage: z.number().int(),
  rounding: z.string(),
  /**
   * Where profit is paid out: the connected PayPal account's email, or a typed email from before
   * "Connect PayPal" (then `paypalVerified` is false); null when there is none.
   */
  paypalEmail: z.string().nullable(),
  /** The account was connected through PayPal (quick start step 2, and what payouts need). */
  paypalVerified: z.boolean(),
  /** ISO time of the first saved price adjustment (quick start step 3), or null. */
  pricesSavedAt: z.string().nullable(),
  /** ISO time the link was first copied, shared or its QR code saved (step 4), or null. */
  linkSharedAt: z.string().nullable(),
  /**
   * An operator suspended the shop (the reason they gave, shown to the creator): its storefront is
   * unavailable and checkout refused; the studio keeps working. Null (or absent): open.
   */
  suspendedReason: z.string().nullable().optional(),
  /**
   * The shop's free shipping: orders whose items less the discount reach this many US cents ship
   * free by their cheapest method, paid from the creator's profit. Null (or absent): not offered.
   */
  freeShippingOverMinor: z.number().int().nullable().optional(),
});
export type TShop = z.infer<typeof ZShop>;

/** `GET /shop`: the caller's shop, or null before they open one. */
export const ZMyShop = ZShop.nullable();
export type TMyShop = z.infer<typeof ZMyShop>;

export const ZShopName = z.string().trim().min(1).max(80);

/** The highest free-shipping threshold a shop may set: $100,000 in US cents. */
export const FREE_SHIPPING_OVER_MAX_MINOR = 10_000_000;

/** A free-shipping threshold: whole US cents, $0.01 to $100,000. */
export const ZFreeShippingOver = z.number().int().min(1).max(FREE_SHIPPING_OVER_MAX_MINOR);

export const ZCreateShopRequest = z.object({ name: ZShopName, slug: ZShopSlug });
export type TCreateShopRequest = z.infer<typeof ZCreateShopRequest>;

/**
 * Only the fields sent change; `null` clears an image. The payout account is not set here: it is
 * connected through PayPal (`paypalBindingRoutes`).
 */
export const ZUpdateShopRequest = z.object({
  name: ZShopName.optional(),
  slug: ZShopSlug.optional(),
  description: z.string().trim().max(2000).optional(),
  bannerUrl: ZShopUrl.nullable().optional(),
  imageUrl: ZShopUrl.nullable().optional(),
  /** Free shipping over this amount (US cents, 1 to 10,000,000); `null` stops offering it. */
  freeShippingOverMinor: ZFreeShippingOver.nullable().optional(),
});
export type TUpdateShopRequest = z.infer<typeof ZUpdateShopRequest>;

export const ZShopBanner = z.object({
  id: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  title: z.string(),
  sort: z.number().int(),
});
export type TShopBanner = z.infer<typeof ZShopBanner>;
export const ZShopBanners = z.array(ZShopBanner);

export const ZShopBannerRequest = z.object({
  imageUrl: ZShopUrl,
  linkUrl: ZShopUrl.nullable().optional(),
  title: z.string().trim().max(120).optional(),
});
export type TShopBannerRequest = z.infer<typeof ZShopBannerRequest>;

export const ZShopBannerIdParams = z.object({ id: ZShopRecordId });

/** The banners in their new order: every banner of the shop, each once. */
export const ZShopBannerOrderRequest = z.object({ ids: z.array(ZShopRecordId).min(1).max(100) });
export type TShopBannerOrderRequest = z.infer<typeof ZShopBannerOrderRequest>;

/**
 * `GET /shop/slug-check?slug=`: is a link name free for the caller's shop, while they type. The
 * query takes any short text, so a malformed name is answered `invalid` (with the rule it breaks)
 * rather than refused.
 */
export const ZShopSlugCheckQuery = z.object({ slug: z.string().trim().toLowerCase().min(1).max(60) });
export type TShopSlugCheckQuery = z.infer<typeof ZShopSlugCheckQuery>;

/** Why a link name cannot be used, as the server decides when the shop is opened or renamed. */
export const ZShopSlugProblem = z.enum(['length', 'format', 'reserved', 'taken']);
export type TShopSlugProblem = z.infer<typeof ZShopSlugProblem>;

export const ZShopSlugCheck = z.object({
  /** The name checked, trimmed and in lower case. */
  slug: z.string(),
  /**
   * `available`: free (or the caller's own, now or before); `taken`: another shop has it, now or
   * as an old name that still redirects; `invalid`: malformed or reserved.
   */
  status: z.enum(['available', 'taken', 'invalid']),
  /** The rule an invalid name breaks, or `taken`; null when available. */
  problem: ZShopSlugProblem.nullable(),
  /** When taken: up to two close names that are free now. */
  suggestions: z.array(z.string()),
});
export type TShopSlugCheck = z.infer<typeof ZShopSlugCheck>;

export const ZShopSlugParams = z.object({ slug: z.string().trim().toLowerCase().min(1).max(40) });

/** What a visitor sees of a shop. */
export const ZPublicShop = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  bannerUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  banners: z.array(ZShopBanner.omit({ id: true, sort: true })),
  /** "Free shipping over $X": the shop's threshold in US cents; null (or absent) when it offers none. */
  freeShippingOverMinor: z.number().int().nullable().optional(),
});
export type TPublicShop = z.infer<typeof ZPublicShop>;

/** A current link gives the shop; a link from before a rename gives where it moved to. */
export const ZPublicShopAnswer = z.union([ZPublicShop, z.object({ redirectTo: z.string() })]);
export type TPublicShopAnswer = z.infer<typeof ZPublicShopAnswer>;
