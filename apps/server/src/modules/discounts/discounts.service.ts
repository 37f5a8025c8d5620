import {
  ErrorCode,
  mulDivRound,
  type TDiscountCode,
  type TDiscountState,
  type TLanguage,
  type ZDiscountCodePageQuery,
  type ZDiscountCodeRequest,
} from '@linkstore/contract';
import type { z } from 'zod';
import type { AppDatabase } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors/app-error';
import { findShopByOwner, listSellableProducts, priceInShop, type ShopRow } from '../shops/shops.api';
import { stateRefusal, utcDay } from './discounts.api';
import {
  deleteCode,
  findCode,
  insertCode,
  pageDiscountCodes,
  productTitles,
  statsOf,
  updateCode,
  type DiscountCodeRow,
  type DiscountCodeValues,
  type DiscountStats,
} from './discounts.repository';

type DiscountForm = z.output<typeof ZDiscountCodeRequest>;

async function shopOf(db: AppDatabase, userId: number): Promise<ShopRow> {
  const shop = await findShopByOwner(db, userId);
  if (!shop) throw AppError.of(ErrorCode.NOT_FOUND, 'shops.notCreated');
  return shop;
}

/** Where a code stands today (the list's tag). */
function stateOf(row: DiscountCodeRow, stats: DiscountStats, today: string): TDiscountState {
  const refusal = stateRefusal(row, { uses: stats.uses, byEmail: 0 }, today, undefined);
  if (refusal === 'paused') return 'paused';
  if (refusal === 'notStarted') return 'scheduled';
  if (refusal === 'expired') return 'expired';
  if (refusal === 'usedUp') return 'usedUp';
  return 'active';
}

async function toDiscountCodes(
  db: AppDatabase,
  rows: (DiscountCodeRow & DiscountStats)[],
  lang: TLanguage,
): Promise<TDiscountCode[]> {
  const titles = await productTitles(db, [...new Set(rows.flatMap((row) => row.productIds ?? []))], lang);
  const today = utcDay(new Date());
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountMinor: row.amountMinor,
    currencyCode: 'USD',
    minOrderMinor: row.minOrderMinor,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    maxUses: row.maxUses,
    maxUsesPerEmail: row.maxUsesPerEmail,
    products: row.productIds?.map((id) => ({ id: String(id), title: titles.get(id) ?? `#${id}` })) ?? null,
    paused: row.paused,
    state: stateOf(row, row, today),
    uses: row.uses,
    paidOrders: row.paidOrders,
    salesMinor: row.salesMinor,
    discountMinor: row.discountMinor,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The form's values once checked against the shop: chosen products must be on sale there, and a
 * percentage may not take any of them below its platform cost at its current price (an amount is
 * spread over the cart and capped per line at checkout instead).
 */
async function valuesOf(
  db: AppDatabase,
  shop: ShopRow,
  form: DiscountForm,
  lang: TLanguage,
): Promise<DiscountCodeValues> {
  const ids = form.productIds?.map(Number);
  const sellable = await listSellableProducts(db, shop.id, { lang, ...(ids ? { ids } : {}) });
  if (ids && sellable.length !== new Set(ids).size) {
    throw AppError.field('productIds', 'discounts.productNotInShop');
  }
  if (form.kind === 'percent') {
    const percent = form.percent ?? 0;
    for (const product of sellable) {
      const price = priceInShop(product, shop);
      if (mulDivRound(price.sellingMinor, percent, 100) > price.profitMinor) {
        const most = price.sellingMinor > 0 ? Math.floor((price.profitMinor * 100) / price.sellingMinor) : 0;
        throw AppError.field('percent', 'discounts.belowCost', { product: product.title, most });
      }
    }
  }
  return {
    code: form.code,
    kind: form.kind,
    percent: form.kind === 'percent' ? (form.percent ?? null) : null,
    amountMinor: form.kind === 'amount' ? (form.amountMinor ?? null) : null,
    minOrderMinor: form.minOrderMinor,
    startsOn: form.startsOn,
    endsOn: form.endsOn,
    maxUses: form.maxUses,
    maxUsesPerEmail: form.maxUsesPerEmail,
    productIds: ids ?? null,
  };
}

const taken = () => AppError.field('code', 'discounts.codeTaken');

/** The studio's discount codes, always of the caller's own shop. */
export function createDiscountsService(db: AppDatabase) {
  async function answer(row: DiscountCodeRow, lang: TLanguage): Promise<TDiscountCode> {
    const [code] = await toDiscountCodes(db, [{ ...row, ...(await statsOf(db, row.id)) }], lang);
    if (!code) throw AppError.notFound();
    return code;
  }

  return {
    async page(userId: number, query: z.output<typeof ZDiscountCodePageQuery>, lang: TLanguage) {
      const shop = await shopOf(db, userId);
      const { list, total } = await pageDiscountCodes(db, shop.id, query);
      return { list: await toDiscountCodes(db, list, lang), total };
    },

    async create(userId: number, form: DiscountForm, lang: TLanguage): Promise<TDiscountCode> {
      const shop = await shopOf(db, userId);
      const values = await valuesOf(db, shop, form, lang);
      try {
        return await answer(await insertCode(db, shop.id, values), lang);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    async update(userId: number, id: number, form: DiscountForm, lang: TLanguage): Promise<TDiscountCode> {
      const shop = await shopOf(db, userId);
      if (!(await findCode(db, shop.id, id))) throw AppError.notFound();
      const values = await valuesOf(db, shop, form, lang);
      try {
        const row = await updateCode(db, shop.id, id, values);
        if (!row) throw AppError.notFound();
        return await answer(row, lang);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    async pause(userId: number, id: number, paused: boolean, lang: TLanguage): Promise<TDiscountCode> {
      const shop = await shopOf(db, userId);
      const row = await updateCode(db, shop.id, id, { paused });
      if (!row) throw AppError.notFound();
      return answer(row, lang);
    },

    async remove(userId: number, id: number): Promise<void> {
      const shop = await shopOf(db, userId);
      if (!(await deleteCode(db, shop.id, id))) throw AppError.notFound();
    },
  };
}
