import {
  ErrorCode,
  formatMoney,
  type TLanguage,
  type TPricedProduct,
  type TPricedProductPage,
  type TPricingProductsQuery,
  type TPricingSettings,
  type TPricingUpdateRequest,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import {
  findCategoryIds,
  findProductCosts,
  findShopOfOwner,
  listPricingProducts,
  type PricingProductRow,
  type PricingShopRow,
} from './pricing.repository';
import {
  listCategoryPercentages,
  priceInShop,
  roundingOf,
  setCategoryPercentage,
  setShopProduct,
  updateShopPricing,
} from '../shops/shops.api';

function notCreated(): AppError {
  return AppError.of(ErrorCode.NOT_FOUND, 'shops.notCreated');
}

/** `1234` → `$12.34`: US cents as the refusal's English-formatted amount. */
function formatUsd(cents: number): string {
  return formatMoney(cents, 'USD', 'en');
}

async function requireShop(db: AppDatabase, userId: number, lock = false): Promise<PricingShopRow> {
  const shop = await findShopOfOwner(db, userId, { lock });
  if (!shop) throw notCreated();
  return shop;
}

async function settingsOf(db: AppDatabase, shop: PricingShopRow): Promise<TPricingSettings> {
  const categories = await listCategoryPercentages(db, shop.id);
  return {
    defaultPercentage: shop.defaultPercentage,
    rounding: roundingOf(shop.rounding),
    categories: categories.map((c) => ({ categoryId: String(c.categoryId), percentage: c.percentage })),
  };
}

export async function getPricingSettings(db: AppDatabase, userId: number): Promise<TPricingSettings> {
  return settingsOf(db, await requireShop(db, userId));
}

function toPricedProduct(row: PricingProductRow, shop: PricingShopRow): TPricedProduct {
  const price = priceInShop(row, shop);
  return {
    id: String(row.id),
    title: row.title,
    categoryId: String(row.categoryId),
    parentCategoryId: String(row.parentCategoryId),
    costMinor: price.costMinor,
    sellingMinor: price.sellingMinor,
    profitMinor: price.profitMinor,
    source: price.source,
    percentage: price.percentage,
    overridePriceMinor: row.overridePriceMinor,
    visible: row.visible === 1 ? 1 : 0,
    sort: row.sort,
  };
}

/**
 * The shop's products with their prices, computed on read from the current rules: a change of a
 * category's percentage shows on every product without an override at once (decision 0014).
 */
export async function listPricedProducts(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  query: TPricingProductsQuery,
): Promise<TPricedProductPage> {
  const shop = await requireShop(db, userId);
  const { rows, total } = await listPricingProducts(db, shop.id, {
    ...(query.categoryId ? { categoryId: Number(query.categoryId) } : {}),
    ...(query.keywords ? { keywords: query.keywords } : {}),
    lang,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  return { list: rows.map((row) => toPricedProduct(row, shop)), total };
}

/**
 * One save, one transaction: every id is checked and every override compared with its cost
 * before anything is written, and any refusal leaves the shop as it was. `lang` gives the
 * products' titles that a refusal names.
 */
export async function savePricing(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  form: TPricingUpdateRequest,
): Promise<TPricingSettings> {
  // The same id twice: the last one counts, as in the studio's draft (replace by id).
  const categories = [...new Map((form.categories ?? []).map((c) => [Number(c.categoryId), c])).values()];
  const items = [...new Map((form.products ?? []).map((p) => [Number(p.productId), p])).values()];
  return withTransaction(db, async (tx) => {
    const shop = await requireShop(tx, userId, true);
    const known = await findCategoryIds(
      tx,
      categories.map((c) => Number(c.categoryId)),
    );
    if (categories.some((c) => !known.has(Number(c.categoryId)))) throw AppError.notFound();
    const costs = await findProductCosts(
      tx,
      items.map((p) => Number(p.productId)),
      lang,
    );
    const problems: FieldProblem[] = [];
    let firstRefusal: Record<string, string> | undefined;
    for (const [index, item] of (form.products ?? []).entries()) {
      const product = costs.get(Number(item.productId));
      if (!product) throw AppError.notFound();
      if (item.overridePriceMinor !== null && item.overridePriceMinor < product.costMinor) {
        const params = {
          product: product.title,
          price: formatUsd(item.overridePriceMinor),
          cost: formatUsd(product.costMinor),
        };
        firstRefusal ??= params;
        problems.push({ field: `products.${index}.overridePriceMinor`, key: 'pricing.belowCost', params });
      }
    }
    if (firstRefusal) {
      // The message names the (first) product; `fields` lists every refused one.
      throw AppError.fields(problems, ErrorCode.PRICE_BELOW_COST, {
        key: 'pricing.belowCost',
        params: firstRefusal,
      });
    }
    await updateShopPricing(tx, shop.id, {
      ...(form.defaultPercentage !== undefined ? { defaultPercentage: form.defaultPercentage } : {}),
      ...(form.rounding !== undefined ? { rounding: form.rounding } : {}),
    });
    for (const c of categories) await setCategoryPercentage(tx, shop.id, Number(c.categoryId), c.percentage);
    for (const p of items) {
      await setShopProduct(tx, shop.id, Number(p.productId), {
        overridePriceMinor: p.overridePriceMinor,
        visible: p.visible,
      });
    }
    const saved = await requireShop(tx, userId);
    return settingsOf(tx, saved);
  });
}
