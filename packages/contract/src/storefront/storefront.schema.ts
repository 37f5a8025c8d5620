import { z } from 'zod';
import { LANGUAGES } from '../platform/languages';
import { ZPage, ZPageQuery } from '../platform/page';
import { ZRichDoc } from '../platform/rich-text';
import { ZPublicShop, ZShopRecordId, ZShopSlug } from '../shops/shops.schema';

/**
 * What a buyer's storefront (`/s/<slug>`) reads. All public: only shown products of active
 * categories, priced by the shop's rules. Amounts are US cents (platform prices are kept in USD);
 * the page shows them in the buyer's currency with the operators' rates.
 */

export const ZStorefrontSlugParams = z.object({ slug: ZShopSlug });
export const ZStorefrontProductParams = z.object({ slug: ZShopSlug, id: ZShopRecordId });

/** A product as the shop's grid shows it. */
export const ZStorefrontProductCard = z.object({
  id: z.string(),
  /** In the request's language, English when missing. */
  title: z.string(),
  imageUrl: z.string().nullable(),
  categoryId: z.string(),
  /**
   * The shop's selling price in US cents: of its cheapest variant on sale when they differ
   * (`priceVaries`: shown "from …").
   */
  priceMinor: z.number().int().min(0),
  /** True when its variants on sale sell at different prices. */
  priceVaries: z.boolean(),
  /**
   * The "compare at" (sale) price of the variant `priceMinor` is the price of, shown struck
   * through; null when it has none above its price. Never what the buyer pays.
   */
  compareAtMinor: z.number().int().min(0).nullable(),
  /** Average of published reviews in tenths (43 = 4.3 stars); null without reviews. */
  ratingTenths: z.number().int().nullable(),
  reviewCount: z.number().int().min(0),
  inStock: z.boolean(),
});
export type TStorefrontProductCard = z.infer<typeof ZStorefrontProductCard>;
export const ZStorefrontProductPage = ZPage(ZStorefrontProductCard);
export type TStorefrontProductPage = z.infer<typeof ZStorefrontProductPage>;

export const ZStorefrontProductsQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(48).default(24),
  /** A first-level category (all its subcategories) or a second-level one. */
  categoryId: ZShopRecordId.optional(),
  keywords: z.string().trim().max(50).optional(),
});
export type TStorefrontProductsQuery = z.infer<typeof ZStorefrontProductsQuery>;

/** A category that has shown products, in the shop's order; children are second-level ones. */
export interface TStorefrontCategory {
  id: string;
  name: string;
  iconUrl: string | null;
  productCount: number;
  children: TStorefrontCategory[];
}
export const ZStorefrontCategory: z.ZodType<TStorefrontCategory> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    iconUrl: z.string().nullable(),
    productCount: z.number().int(),
    children: z.array(ZStorefrontCategory),
  }),
);

/** A display currency: `rateMicros` units of it per US dollar × 1,000,000 (0.92 → 920000). */
export const ZStorefrontCurrency = z.object({
  code: z.string(),
  symbol: z.string(),
  rateMicros: z.number().int().min(1),
});
export type TStorefrontCurrency = z.infer<typeof ZStorefrontCurrency>;

/**
 * The first page of a shop: embedded in the `/s/<slug>` HTML (so the page renders without a
 * second request) and also served as JSON.
 */
export const ZStorefrontPage = z.object({
  shop: ZPublicShop,
  categories: z.array(ZStorefrontCategory),
  products: ZStorefrontProductPage,
  currencies: z.array(ZStorefrontCurrency),
});
export type TStorefrontPage = z.infer<typeof ZStorefrontPage>;

/** A published review; `verified` only when the reviewer bought the product (an order item). */
export const ZStorefrontReview = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  verified: z.boolean(),
  /** For a verified review of a product with options, the variant bought ("M / Black"); else ''. */
  boughtVariant: z.string(),
  createdAt: z.string(),
});
export type TStorefrontReview = z.infer<typeof ZStorefrontReview>;
export const ZStorefrontReviewPage = ZPage(ZStorefrontReview);
export type TStorefrontReviewPage = z.infer<typeof ZStorefrontReviewPage>;

/** The product page: the card plus images, description, stock and the first page of reviews. */
/** An option a buyer chooses in (Size, Colour), with every value in order, in their language. */
export const ZStorefrontOption = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TStorefrontOption = z.infer<typeof ZStorefrontOption>;

/** A variant on sale as a buyer meets it (decision 0055). */
export const ZStorefrontVariant = z.object({
  id: z.string(),
  /** One value of each option, in the options' order (none for a product without options). */
  valueIds: z.array(z.string()),
  /** "M / Black" in the buyer's language; '' without options. */
  label: z.string(),
  /** The shop's selling price in US cents. */
  priceMinor: z.number().int().min(0),
  /** Its "compare at" (sale) price, shown struck through; null when none above `priceMinor`. */
  compareAtMinor: z.number().int().min(0).nullable(),
  /** Units that can still be ordered (stock not reserved by unpaid orders). */
  stock: z.number().int().min(0),
  /** Its own photo (a colour's), or null: the product's. */
  imageUrl: z.string().nullable(),
});
export type TStorefrontVariant = z.infer<typeof ZStorefrontVariant>;

export const ZStorefrontProductDetail = ZStorefrontProductCard.extend({
  description: ZRichDoc,
  images: z.array(z.string()),
  /** Units of all its variants on sale (stock not reserved by unpaid orders). */
  stock: z.number().int().min(0),
  /** Its options, none for a product without; a combination not among `variants` is not sold. */
  options: z.array(ZStorefrontOption),
  /** Its variants on sale, in the catalogue's order; at least one. */
  variants: z.array(ZStorefrontVariant),
  /** The variant shown first: the first on sale with stock, else the first. */
  defaultVariantId: z.string(),
  /** Count of published reviews per star, index 0 = one star. */
  ratingCounts: z.array(z.number().int().min(0)).length(5),
  reviews: ZStorefrontReviewPage,
});
export type TStorefrontProductDetail = z.infer<typeof ZStorefrontProductDetail>;

export const ZStorefrontReviewsQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** What a buyer did: viewed a page/product, clicked a product or link, put a product in the cart. */
export const ZStorefrontEventKind = z.enum(['view', 'click', 'cart']);
export type TStorefrontEventKind = z.infer<typeof ZStorefrontEventKind>;

/** Where a visit came from, as a shared link's `user_source` / `page_source` query says. */
export const ZTrafficSource = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\w.:-]*$/);

/** A storefront event's id: 16–32 base64url characters (96+ random bits). */
export const ZStorefrontEventId = z.string().regex(/^[\w-]{16,32}$/);

/** Events the storefront collected, sent in one batch (on an interval and when the page hides). */
export const ZStorefrontEventBatch = z.object({
  shop: ZShopSlug,
  userSource: ZTrafficSource.default('default'),
  pageSource: ZTrafficSource.default(''),
  events: z
    .array(
      z.object({
        kind: ZStorefrontEventKind,
        /** Absent for shop-level events (the shop page's view). */
        productId: ZShopRecordId.optional(),
        /**
         * Made by the buyer's browser (random, base64url): the shop counts an id once, so a batch
         * sent again, or an event repeated, counts nothing more (decision 0037).
         */
        id: ZStorefrontEventId,
        /**
         * When it happened (ISO 8601). Older than a day: dropped (too late to be told from a
         * repeat); up to a day ahead (a wrong clock): counted now; further ahead: dropped.
         */
        at: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(100),
});
export type TStorefrontEventBatch = z.infer<typeof ZStorefrontEventBatch>;
export const ZStorefrontEventAnswer = z.object({ accepted: z.number().int().min(0) });

/**
 * What the server embeds in every storefront HTML page (`<script id="storefront-data"
 * type="application/json">`), so the first screen renders without a request. `basePath` is where
 * the shop's pages live: `/s/<slug>` on the main host, '' on `<slug>.<SHOP_BASE_DOMAIN>`;
 * `page` is null on pages of no shop (`/payauth`, `/payresult`); `product` is set on a product
 * page (`<basePath>/p/<id>`).
 */
export const ZStorefrontBoot = z.object({
  basePath: z.string(),
  language: z.enum(LANGUAGES),
  page: ZStorefrontPage.nullable(),
  product: ZStorefrontProductDetail.nullable(),
});
export type TStorefrontBoot = z.infer<typeof ZStorefrontBoot>;
export const STOREFRONT_DATA_ELEMENT_ID = 'storefront-data';
