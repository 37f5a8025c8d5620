import {
  ErrorCode,
  formatMoney,
  type TLanguage,
  type TPricedProduct,
  type TPricedProductPage,
  type TPricingProductsQuery,
  type TPricingSettings,
  type TPricingUpdateRequest,
  variantTitle,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { findVariantsOnSale, type VariantOnSale } from '../catalog/catalog.api';
import {
  findCategoryIds,
  findPricingInputs,
  findProductCosts,
  findShopOfOwner,
  listPricingProducts,
  type PricingProductRow,
  type PricingShopRow,
} from './pricing.repository';
import {
  listCategoryPercentages,
  ownPricesOf,
  priceInShop,
  priceVariantInShop,
  roundingOf,
  setCategoryPercentage,
  setShopProduct,
  setShopVariantPrices,
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
    compareAtMinor: row.compareAtMinor,
    sellingVariantId: String(row.sellingVariantId),
    variantPriceMinor: row.ownPriceMinor,
    variants: row.variants,
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

type ProductUpdate = NonNullable<TPricingUpdateRequest['products']>[number];
type ShopRules = Pick<PricingShopRow, 'defaultPercentage' | 'rounding'>;

/**
 * What a save is refused for before anything is written: a product's own price below its cost,
 * a variant that is not one of the product's variants on sale, a variant's own price below its
 * cost. Field by field, named by their place in the request (`products.1.variants.0.priceMinor`).
 */
function refusalsOf(
  items: readonly ProductUpdate[],
  costs: Map<number, { title: string; costMinor: number }>,
  variants: Map<number, VariantOnSale>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [index, item] of items.entries()) {
    const product = costs.get(Number(item.productId));
    if (!product) throw AppError.notFound();
    if (
      item.overridePriceMinor !== undefined &&
      item.overridePriceMinor !== null &&
      item.overridePriceMinor < product.costMinor
    ) {
      problems.push({
        field: `products.${index}.overridePriceMinor`,
        key: 'pricing.belowCost',
        params: {
          product: product.title,
          price: formatUsd(item.overridePriceMinor),
          cost: formatUsd(product.costMinor),
        },
      });
    }
    for (const [at, change] of (item.variants ?? []).entries()) {
      const field = `products.${index}.variants.${at}`;
      const variant = variants.get(Number(change.variantId));
      if (variant?.productId !== Number(item.productId)) {
        problems.push({
          field: `${field}.variantId`,
          key: 'pricing.variantUnknown',
          params: { product: product.title },
        });
        continue;
      }
      if (
        change.priceMinor !== undefined &&
        change.priceMinor !== null &&
        change.priceMinor < variant.costMinor
      ) {
        problems.push({
          field: `${field}.priceMinor`,
          key: 'pricing.belowCost',
          params: {
            product: variantTitle(product.title, variant.label),
            price: formatUsd(change.priceMinor),
            cost: formatUsd(variant.costMinor),
          },
        });
      }
    }
  }
  return problems;
}

/**
 * The "compare at" prices the save sends, each checked against the selling price it applies to
 * as the save leaves the shop (read in its transaction): the product's against the variant it is
 * sold as, a variant's against its own. One not above is refused (`pricing.compareAtNotAbove`).
 */
async function compareAtRefusals(
  tx: AppDatabase,
  shop: ShopRules & { id: number },
  items: readonly ProductUpdate[],
  costs: Map<number, { title: string; costMinor: number }>,
  variants: Map<number, VariantOnSale>,
): Promise<FieldProblem[]> {
  const sent = items.filter(
    (item) =>
      (item.compareAtMinor ?? null) !== null ||
      (item.variants ?? []).some((change) => (change.compareAtMinor ?? null) !== null),
  );
  if (sent.length === 0) return [];
  const inputs = await findPricingInputs(
    tx,
    shop.id,
    sent.map((item) => Number(item.productId)),
  );
  const variantIds = sent.flatMap((item) => (item.variants ?? []).map((change) => Number(change.variantId)));
  const own = await ownPricesOf(tx, shop.id, variantIds);
  const problems: FieldProblem[] = [];
  const refuse = (field: string, product: string, compareAtMinor: number, sellingMinor: number) =>
    problems.push({
      field,
      key: 'pricing.compareAtNotAbove',
      params: { product, compareAt: formatUsd(compareAtMinor), price: formatUsd(sellingMinor) },
    });
  for (const [index, item] of items.entries()) {
    const product = inputs.get(Number(item.productId));
    const title = costs.get(Number(item.productId))?.title ?? '';
    // Not sold as any variant now: nothing shows its prices.
    if (!product) continue;
    if (item.compareAtMinor !== undefined && item.compareAtMinor !== null) {
      const selling = priceInShop(product, shop).sellingMinor;
      if (item.compareAtMinor <= selling) {
        refuse(`products.${index}.compareAtMinor`, title, item.compareAtMinor, selling);
      }
    }
    for (const [at, change] of (item.variants ?? []).entries()) {
      const variant = variants.get(Number(change.variantId));
      if (!variant || change.compareAtMinor === undefined || change.compareAtMinor === null) continue;
      const selling = priceVariantInShop(
        product,
        { costMinor: variant.costMinor, ownPriceMinor: own.get(variant.id)?.ownPriceMinor },
        shop,
      ).sellingMinor;
      if (change.compareAtMinor <= selling) {
        refuse(
          `products.${index}.variants.${at}.compareAtMinor`,
          variantTitle(title, variant.label),
          change.compareAtMinor,
          selling,
        );
      }
    }
  }
  return problems;
}

/** The same id twice: the last one counts, as in the studio's draft (replace by id). */
function lastById<T>(rows: readonly T[], idOf: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [idOf(row), row])).values()];
}

/**
 * One save, one transaction: every id is checked and every own price compared with its cost
 * before anything is written; "compare at" prices are checked against the prices the save
 * leaves, and refusing one undoes the save. Any refusal leaves the shop as it was. `lang` gives
 * the products' titles and variants' labels that a refusal names.
 */
export async function savePricing(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  form: TPricingUpdateRequest,
): Promise<TPricingSettings> {
  const categories = lastById(form.categories ?? [], (c) => String(Number(c.categoryId)));
  const sentItems = form.products ?? [];
  const items = lastById(sentItems, (p) => String(Number(p.productId)));
  return withTransaction(db, async (tx) => {
    const shop = await requireShop(tx, userId, true);
    const known = await findCategoryIds(
      tx,
      categories.map((c) => Number(c.categoryId)),
    );
    if (categories.some((c) => !known.has(Number(c.categoryId)))) throw AppError.notFound();
    const variantIds = [
      ...new Set(sentItems.flatMap((p) => (p.variants ?? []).map((v) => Number(v.variantId)))),
    ];
    const costs = await findProductCosts(
      tx,
      items.map((p) => Number(p.productId)),
      lang,
    );
    const variants = new Map((await findVariantsOnSale(tx, variantIds, lang)).map((v) => [v.id, v]));
    const problems = refusalsOf(sentItems, costs, variants);
    if (problems.some((problem) => problem.key !== 'pricing.belowCost')) throw AppError.fields(problems);
    const [firstRefusal] = problems;
    if (firstRefusal) {
      // The message names the (first) product; `fields` lists every refused one.
      throw AppError.fields(problems, ErrorCode.PRICE_BELOW_COST, {
        key: 'pricing.belowCost',
        params: firstRefusal.params ?? {},
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
        compareAtMinor: p.compareAtMinor,
        visible: p.visible,
      });
      const changes = lastById(p.variants ?? [], (v) => String(Number(v.variantId)));
      await setShopVariantPrices(
        tx,
        shop.id,
        changes.map((v) => ({
          variantId: Number(v.variantId),
          priceMinor: v.priceMinor,
          compareAtMinor: v.compareAtMinor,
        })),
      );
    }
    const saved = await requireShop(tx, userId);
    const notAbove = await compareAtRefusals(tx, saved, sentItems, costs, variants);
    // Thrown inside the transaction: what the save wrote is rolled back.
    if (notAbove.length > 0) throw AppError.fields(notAbove);
    return settingsOf(tx, saved);
  });
}
