import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  variantLabel,
  type TLanguage,
  type TLowStockPage,
  type TPageQuery,
  type TProductVariants,
  type TProductVariantsRequestParsed,
  type TProductTranslations,
} from '@linkstore/contract';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../platform/db/database';
import { stampNow } from '../../platform/db/stamp';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { productOptions, productOptionValues, products, productVariants } from './catalog.table';
import { inLanguage } from './translations';

/*
 * A product's options and variants (decision 0055), read and saved at once by the console's
 * product editor. Saving keeps what it can: an option at the same place, a value with the same
 * text and a variant with the same id or the same values stay the same rows, so what points at
 * them (order lines, a shop's price for a variant) keeps pointing at the right thing.
 */

const translationsOf = (texts: Record<string, string> | null | undefined): TProductTranslations => {
  const out: TProductTranslations = {};
  for (const lang of ['es', 'pt', 'zh-cn', 'fr'] as const) {
    const value = texts?.[lang];
    if (typeof value === 'string' && value !== '') out[lang] = value;
  }
  return out;
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The product's options with their values and its variants, in order; 404 when there is no such product. */
export async function getProductVariants(db: AppDatabase, productId: number): Promise<TProductVariants> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw AppError.notFound();
  const options = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  const values = options.length
    ? await db
        .select()
        .from(productOptionValues)
        .where(
          inArray(
            productOptionValues.optionId,
            options.map((o) => o.id),
          ),
        )
        .orderBy(asc(productOptionValues.position), asc(productOptionValues.id))
    : [];
  const valueText = new Map(values.map((v) => [v.id, v.value]));
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
  return {
    productId: String(productId),
    options: options.map((option) => ({
      id: String(option.id),
      name: option.name,
      names: translationsOf(option.names),
      values: values
        .filter((v) => v.optionId === option.id)
        .map((v) => ({ id: String(v.id), value: v.value, values: translationsOf(v.values) })),
    })),
    variants: variants.map((variant) => {
      const texts = [variant.value1Id, variant.value2Id, variant.value3Id]
        .slice(0, options.length)
        .map((id) => (id === null ? '' : (valueText.get(id) ?? '')));
      return {
        id: String(variant.id),
        values: texts,
        label: variantLabel(texts),
        sku: variant.sku,
        platformPriceMinor: variant.platformPriceMinor,
        stock: variant.stock,
        imageUrl: variant.imageUrl,
        weightGrams: variant.weightGrams,
        status: variant.status === 1 ? 1 : 0,
      };
    }),
  };
}

/** Everything wrong with the request, field by field, before anything is written. */
function check(form: TProductVariantsRequestParsed): void {
  const problems: FieldProblem[] = [];
  form.options.forEach((option, i) => {
    if (form.options.slice(0, i).some((o) => same(o.name, option.name))) {
      problems.push({ field: `options.${i}.name`, key: 'catalog.variant.optionTwice' });
    }
    option.values.forEach((value, j) => {
      if (option.values.slice(0, j).some((v) => same(v.value, value.value))) {
        problems.push({ field: `options.${i}.values.${j}.value`, key: 'catalog.variant.valueTwice' });
      }
    });
  });
  const combinations = new Set<string>();
  form.variants.forEach((variant, i) => {
    if (variant.values.length !== form.options.length) {
      problems.push({
        field: `variants.${i}.values`,
        key: 'catalog.variant.valuesPerOption',
        params: { count: form.options.length },
      });
      return;
    }
    variant.values.forEach((text, k) => {
      if (!form.options[k]?.values.some((v) => same(v.value, text))) {
        problems.push({
          field: `variants.${i}.values.${k}`,
          key: 'catalog.variant.noSuchValue',
          params: { value: text, option: form.options[k]?.name ?? '' },
        });
      }
    });
    const key = variant.values.map((v) => v.toLowerCase()).join('\u0000');
    if (combinations.has(key))
      problems.push({ field: `variants.${i}.values`, key: 'catalog.variant.combinationTwice' });
    combinations.add(key);
    if (form.variants.slice(0, i).some((v) => same(v.sku, variant.sku))) {
      problems.push({ field: `variants.${i}.sku`, key: 'catalog.variant.skuTwice' });
    }
  });
  if (problems.length > 0) throw AppError.fields(problems);
}

/**
 * Saves a product's options and variants as sent (all or nothing). Refused field by field: an
 * option or value named twice, a variant without one value of each option or with a value its
 * option does not have, a combination or SKU twice, a SKU another product's variant has, a
 * variant id of another product.
 */
export async function saveProductVariants(
  db: AppDatabase,
  productId: number,
  form: TProductVariantsRequestParsed,
): Promise<TProductVariants> {
  check(form);
  await withTransaction(db, async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw AppError.notFound();

    const taken = await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(
          ne(productVariants.productId, productId),
          inArray(
            sql`lower(${productVariants.sku})`,
            form.variants.map((v) => v.sku.toLowerCase()),
          ),
        ),
      );
    const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
    const problems: FieldProblem[] = [];
    form.variants.forEach((variant, i) => {
      if (taken.some((t) => same(t.sku, variant.sku))) {
        problems.push({
          field: `variants.${i}.sku`,
          key: 'catalog.variant.skuTaken',
          params: { sku: variant.sku },
        });
      }
      if (variant.id !== undefined && !existing.some((e) => e.id === Number(variant.id))) {
        problems.push({ field: `variants.${i}.id`, key: 'catalog.variant.notOfProduct' });
      }
    });
    if (problems.length > 0) throw AppError.fields(problems);

    // Options: the one at the same place is kept (renamed if need be); the rest are new.
    const oldOptions = await tx.select().from(productOptions).where(eq(productOptions.productId, productId));
    const valueIds: Map<string, number>[] = [];
    for (const [i, option] of form.options.entries()) {
      const position = i + 1;
      const kept = oldOptions.find((o) => o.position === position);
      const fields = { name: option.name, names: option.names };
      const optionId = kept
        ? (await tx.update(productOptions).set(fields).where(eq(productOptions.id, kept.id)), kept.id)
        : ((
            await tx
              .insert(productOptions)
              .values({ productId, position, ...fields })
              .returning({ id: productOptions.id })
          )[0]?.id ?? 0);
      // Values: the one with the same text is kept (moved, retranslated); the rest are new.
      const oldValues = kept
        ? await tx.select().from(productOptionValues).where(eq(productOptionValues.optionId, optionId))
        : [];
      const ids = new Map<string, number>();
      for (const [j, value] of option.values.entries()) {
        const fields = { value: value.value, values: value.values, position: j + 1 };
        const kept = oldValues.find((v) => same(v.value, value.value));
        const id = kept
          ? (await tx.update(productOptionValues).set(fields).where(eq(productOptionValues.id, kept.id)),
            kept.id)
          : ((
              await tx
                .insert(productOptionValues)
                .values({ optionId, ...fields })
                .returning({ id: productOptionValues.id })
            )[0]?.id ?? 0);
        ids.set(value.value.toLowerCase(), id);
      }
      valueIds.push(ids);
    }

    // Variants: by id, else by the same values; the others are removed (orders keep their copy).
    const idsOf = (values: string[]) =>
      [0, 1, 2].map((k) => {
        const text = values[k];
        return text === undefined ? null : (valueIds[k]?.get(text.toLowerCase()) ?? null);
      });
    const used = new Set<number>();
    const targets = form.variants.map((variant) => {
      const ids = idsOf(variant.values);
      const id =
        variant.id !== undefined
          ? Number(variant.id)
          : existing.find((e) => e.value1Id === ids[0] && e.value2Id === ids[1] && e.value3Id === ids[2])?.id;
      if (id === undefined || used.has(id)) return undefined;
      used.add(id);
      return id;
    });
    const keptIds = [...used];
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          keptIds.length ? notInArray(productVariants.id, keptIds) : sql`true`,
        ),
      );
    for (const [i, variant] of form.variants.entries()) {
      const [value1Id = null, value2Id = null, value3Id = null] = idsOf(variant.values);
      const fields = {
        sku: variant.sku,
        platformPriceMinor: variant.platformPriceMinor,
        stock: variant.stock,
        imageUrl: variant.imageUrl,
        weightGrams: variant.weightGrams,
        status: variant.status,
        value1Id,
        value2Id,
        value3Id,
        sort: i,
      };
      const target = targets[i];
      if (target === undefined) await tx.insert(productVariants).values({ productId, ...fields });
      else
        await tx
          .update(productVariants)
          .set({ ...fields, updatedAt: stampNow() })
          .where(eq(productVariants.id, target));
    }

    // Values and options no variant names any more go last (the variants named them until now).
    for (const [i, ids] of valueIds.entries()) {
      await tx.delete(productOptionValues).where(
        and(
          inArray(
            productOptionValues.optionId,
            tx
              .select({ id: productOptions.id })
              .from(productOptions)
              .where(and(eq(productOptions.productId, productId), eq(productOptions.position, i + 1))),
          ),
          notInArray(productOptionValues.id, [...ids.values()]),
        ),
      );
    }
    await tx
      .delete(productOptions)
      .where(
        and(
          eq(productOptions.productId, productId),
          sql`${productOptions.position} > ${form.options.length}`,
        ),
      );
  });
  return getProductVariants(db, productId);
}

/** The low-stock threshold as the setting gives it: a whole number of units, else the default. */
export function lowStockThreshold(setting: string | undefined): number {
  if (setting === undefined || !/^\s*\d{1,7}\s*$/.test(setting)) return DEFAULT_LOW_STOCK_THRESHOLD;
  return Number(setting);
}

const value1 = alias(productOptionValues, 'value1');
const value2 = alias(productOptionValues, 'value2');
const value3 = alias(productOptionValues, 'value3');

/**
 * A page of the variants on sale, of products on sale, with fewer than `threshold` units: fewest
 * first, then by product and the variant's place.
 */
export async function pageLowStock(
  db: AppDatabase,
  lang: TLanguage,
  threshold: number,
  query: TPageQuery,
): Promise<TLowStockPage> {
  const where = and(
    eq(productVariants.status, 1),
    eq(products.status, 1),
    sql`${productVariants.stock} < ${threshold}`,
  );
  const rows = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      title: inLanguage(products.titles, products.title, lang),
      label: sql<string>`concat_ws(' / ', ${value1.value}, ${value2.value}, ${value3.value})`,
      sku: productVariants.sku,
      stock: productVariants.stock,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(value1, eq(value1.id, productVariants.value1Id))
    .leftJoin(value2, eq(value2.id, productVariants.value2Id))
    .leftJoin(value3, eq(value3.id, productVariants.value3Id))
    .where(where)
    .orderBy(asc(productVariants.stock), asc(products.id), asc(productVariants.sort), asc(productVariants.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return {
    list: rows.map((row) => ({
      variantId: String(row.variantId),
      productId: String(row.productId),
      title: row.title,
      label: row.label,
      sku: row.sku,
      stock: row.stock,
    })),
    total,
    threshold,
  };
}
