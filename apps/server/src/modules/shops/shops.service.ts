import {
  ErrorCode,
  RESERVED_SHOP_SLUGS,
  type TCreateShopRequest,
  type TLanguage,
  type TPublicShop,
  type TPublicShopAnswer,
  type TShop,
  type TShopBanner,
  type TShopBannerOrderRequest,
  type TShopBannerRequest,
  type TShopSlugCheck,
  type TUpdateShopRequest,
  ZShopSlug,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { assertFreeShippingPays } from './free-shipping';
import {
  deleteBanner,
  findShopByOldSlug,
  findShopByOwner,
  findShopBySlug,
  insertBanner,
  insertShop,
  isSlugTaken,
  listBanners,
  lockShopByOwner,
  markLinkShared,
  markPricesKept,
  recordSlugChange,
  setBannerSort,
  takenSlugsAmong,
  updateBanner,
  updateShop,
  type ShopBannerRow,
  type ShopRow,
} from './shops.repository';

export function toShop(row: ShopRow): TShop {
  return {
    id: String(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    bannerUrl: row.bannerUrl,
    imageUrl: row.imageUrl,
    defaultPercentage: row.defaultPercentage,
    rounding: row.rounding,
    paypalEmail: row.paypalEmail,
    paypalVerified: row.paypalPayerId !== null && row.paypalVerifiedAt !== null,
    pricesSavedAt: row.pricesSavedAt?.toISOString() ?? null,
    linkSharedAt: row.linkSharedAt?.toISOString() ?? null,
    suspendedReason: row.suspendedReason,
    freeShippingOverMinor: row.freeShippingOverMinor,
  };
}

function toBanner(row: ShopBannerRow): TShopBanner {
  return {
    id: String(row.id),
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    title: row.title,
    sort: row.sort,
  };
}

const alreadyCreated = () => AppError.of(ErrorCode.SHOP_EXISTS, 'shops.alreadyCreated');
const slugTaken = (slug: string) => AppError.field('slug', 'shops.slugTaken', { slug }, ErrorCode.SLUG_TAKEN);

/** Two requests racing for one slug (or one owner): the unique indexes decide. */
async function withSlugRace<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError || !isUniqueViolation(error)) throw error;
    if (slug === undefined) throw alreadyCreated();
    throw slugTaken(slug);
  }
}

async function checkSlugFree(db: AppDatabase, slug: string, shopId?: number): Promise<void> {
  if (RESERVED_SHOP_SLUGS.includes(slug)) {
    throw AppError.field('slug', 'shops.slugReserved', { slug }, ErrorCode.SLUG_TAKEN);
  }
  if (await isSlugTaken(db, slug, shopId)) throw slugTaken(slug);
}

export function notCreated(): AppError {
  return AppError.of(ErrorCode.NOT_FOUND, 'shops.notCreated');
}

async function requireShop(db: AppDatabase, userId: number): Promise<ShopRow> {
  const shop = await findShopByOwner(db, userId);
  if (!shop) throw notCreated();
  return shop;
}

export async function getMyShop(db: AppDatabase, userId: number): Promise<TShop | null> {
  const shop = await findShopByOwner(db, userId);
  return shop ? toShop(shop) : null;
}

export async function createShop(db: AppDatabase, userId: number, form: TCreateShopRequest): Promise<TShop> {
  const row = await withSlugRace(form.slug, () =>
    withTransaction(db, async (tx) => {
      if (await findShopByOwner(tx, userId)) throw alreadyCreated();
      await checkSlugFree(tx, form.slug);
      return insertShop(tx, { ownerUserId: userId, slug: form.slug, name: form.name });
    }),
  );
  return toShop(row);
}

/**
 * A new slug keeps the old one in the history, so links shared before still find the shop. A
 * free-shipping threshold an order could not pay its shipping at is refused on its field, and
 * nothing is saved.
 */
export async function updateMyShop(
  db: AppDatabase,
  userId: number,
  form: TUpdateShopRequest,
  lang: TLanguage = 'en',
): Promise<TShop> {
  const row = await withSlugRace(form.slug, () =>
    withTransaction(db, async (tx) => {
      const shop = await lockShopByOwner(tx, userId);
      if (!shop) throw notCreated();
      const isRename = form.slug !== undefined && form.slug !== shop.slug;
      if (isRename && form.slug) {
        await checkSlugFree(tx, form.slug, shop.id);
        await recordSlugChange(tx, shop.id, shop.slug, form.slug);
      }
      const freeShipping = form.freeShippingOverMinor;
      if (freeShipping !== undefined && freeShipping !== null) {
        await assertFreeShippingPays(tx, shop, freeShipping, lang);
      }
      return updateShop(tx, shop.id, {
        ...(form.name !== undefined ? { name: form.name } : {}),
        ...(isRename && form.slug ? { slug: form.slug } : {}),
        ...(form.description !== undefined ? { description: form.description } : {}),
        ...(form.bannerUrl !== undefined ? { bannerUrl: form.bannerUrl } : {}),
        ...(form.imageUrl !== undefined ? { imageUrl: form.imageUrl } : {}),
        ...(freeShipping !== undefined ? { freeShippingOverMinor: freeShipping } : {}),
      });
    }),
  );
  return toShop(row);
}

/** Quick start step 4: the creator copied, shared or saved the QR code of their link. */
export async function markMyLinkShared(db: AppDatabase, userId: number): Promise<TShop> {
  const shop = await requireShop(db, userId);
  return toShop(await markLinkShared(db, shop.id));
}

/** Quick start step 3 by keeping the suggested prices: remembered, no price changes. */
export async function keepMyPrices(db: AppDatabase, userId: number): Promise<TShop> {
  const shop = await requireShop(db, userId);
  return toShop(await markPricesKept(db, shop.id));
}

/** Link checks a creator may make per minute while typing (debounced, so a few a second at most). */
export const SLUG_CHECKS_PER_MINUTE = 60;
const SLUG_CHECK_WINDOW_MS = 60_000;

/** The rule of `ZShopSlug` (and the reserved words) that `slug` breaks, or null. */
function slugRuleBroken(slug: string): 'length' | 'format' | 'reserved' | null {
  if (slug.length < 3 || slug.length > 40) return 'length';
  if (!ZShopSlug.safeParse(slug).success) return 'format';
  if (RESERVED_SHOP_SLUGS.includes(slug)) return 'reserved';
  return null;
}

/** Close names to offer when `slug` is taken, each valid: a suffix, or a prefix, within 40 characters. */
export function slugCandidates(slug: string): string[] {
  const fit = (prefix: string, suffix: string) => {
    const room = 40 - prefix.length - suffix.length;
    const base = slug.slice(0, room).replace(/-+$/, '');
    return `${prefix}${base}${suffix}`;
  };
  const candidates = [
    fit('', '-shop'),
    fit('', '-2'),
    fit('my-', ''),
    fit('', '-3'),
    fit('', '-4'),
    fit('', '-5'),
  ];
  return [...new Set(candidates)].filter((candidate) => slugRuleBroken(candidate) === null);
}

/**
 * Whether `slug` is free for the caller's shop, with the server's own rules: malformed or reserved
 * is invalid; another shop's name, now or before a rename (its old links still redirect there),
 * is taken — and then up to two free close names are offered. The caller's own names are free.
 * Limited per creator, so it cannot be used to list every shop quickly.
 */
export async function checkSlug(
  db: AppDatabase,
  limiter: RateLimiter,
  userId: number,
  slug: string,
): Promise<TShopSlugCheck> {
  if ((await limiter.hit(`slug-check:${userId}`, SLUG_CHECK_WINDOW_MS)) > SLUG_CHECKS_PER_MINUTE) {
    throw AppError.rateLimited();
  }
  const problem = slugRuleBroken(slug);
  if (problem) return { slug, status: 'invalid', problem, suggestions: [] };
  const shopId = (await findShopByOwner(db, userId))?.id;
  if (!(await isSlugTaken(db, slug, shopId)))
    return { slug, status: 'available', problem: null, suggestions: [] };
  const candidates = slugCandidates(slug);
  const taken = await takenSlugsAmong(db, candidates, shopId);
  const suggestions = candidates.filter((candidate) => !taken.has(candidate)).slice(0, 2);
  return { slug, status: 'taken', problem: 'taken', suggestions };
}

export async function listMyBanners(db: AppDatabase, userId: number): Promise<TShopBanner[]> {
  const shop = await requireShop(db, userId);
  return (await listBanners(db, shop.id)).map(toBanner);
}

function bannerValues(form: TShopBannerRequest) {
  return { imageUrl: form.imageUrl, linkUrl: form.linkUrl ?? null, title: form.title ?? '' };
}

export async function createMyBanner(
  db: AppDatabase,
  userId: number,
  form: TShopBannerRequest,
): Promise<TShopBanner> {
  const shop = await requireShop(db, userId);
  return toBanner(await insertBanner(db, { shopId: shop.id, ...bannerValues(form) }));
}

/** Another shop's banner is answered as absent. */
export async function updateMyBanner(
  db: AppDatabase,
  userId: number,
  id: number,
  form: TShopBannerRequest,
): Promise<TShopBanner> {
  const shop = await requireShop(db, userId);
  const row = await updateBanner(db, shop.id, id, bannerValues(form));
  if (!row) throw AppError.notFound();
  return toBanner(row);
}

export async function deleteMyBanner(db: AppDatabase, userId: number, id: number): Promise<void> {
  const shop = await requireShop(db, userId);
  if (!(await deleteBanner(db, shop.id, id))) throw AppError.notFound();
}

/** The order names every banner of the shop once; an id of another shop is answered as absent. */
export async function orderMyBanners(
  db: AppDatabase,
  userId: number,
  form: TShopBannerOrderRequest,
): Promise<TShopBanner[]> {
  const ids = form.ids.map(Number);
  return withTransaction(db, async (tx) => {
    const shop = await lockShopByOwner(tx, userId);
    if (!shop) throw notCreated();
    const mine = new Set((await listBanners(tx, shop.id)).map((b) => b.id));
    if (ids.some((id) => !mine.has(id))) throw AppError.notFound();
    if (new Set(ids).size !== ids.length || ids.length !== mine.size) {
      throw AppError.of(ErrorCode.LIST_MISMATCH, 'shops.bannerOrderIncomplete');
    }
    await setBannerSort(tx, shop.id, ids);
    return (await listBanners(tx, shop.id)).map(toBanner);
  });
}

/** The shop as visitors see it, with its banners in order. */
export function publicShopOf(
  shop: ShopRow,
  banners: { imageUrl: string; linkUrl: string | null; title: string }[],
): TPublicShop {
  return {
    slug: shop.slug,
    name: shop.name,
    description: shop.description,
    bannerUrl: shop.bannerUrl,
    imageUrl: shop.imageUrl,
    banners,
    freeShippingOverMinor: shop.freeShippingOverMinor,
  };
}

/** A visitor's view of a shop by its link; an old link answers where the shop is now. */
export async function getPublicShop(db: AppDatabase, slug: string): Promise<TPublicShopAnswer> {
  const shop = await findShopBySlug(db, slug);
  if (!shop) {
    const moved = await findShopByOldSlug(db, slug);
    if (!moved) throw AppError.notFound();
    return { redirectTo: moved.slug };
  }
  if (shop.suspendedReason !== null) throw AppError.of(ErrorCode.SHOP_SUSPENDED, 'creators.shopSuspended');
  const banners = await listBanners(db, shop.id);
  return publicShopOf(
    shop,
    banners.map((b) => ({ imageUrl: b.imageUrl, linkUrl: b.linkUrl, title: b.title })),
  );
}
