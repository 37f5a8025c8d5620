import { variantLabel, type TLanguage } from '@linkstore/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../platform/db/database';
import { productOptions, productOptionValues, productVariants } from './catalog.table';
import { inLanguage } from './translations';

/*
 * What a buyer chooses between (decision 0055): the variants on sale (status 1) of a product, with
 * their option values in the buyer's language. Switched-off variants are not offered, not counted
 * in a product's stock and not priced in its "from" price. Reports name variants, on sale or
 * not, from the same labelled read (`nameVariants`).
 */

const value1 = alias(productOptionValues, 'value1');
const value2 = alias(productOptionValues, 'value2');
const value3 = alias(productOptionValues, 'value3');

/** A variant on sale as a buyer meets it; `label` in their language ('' without options). */
export interface VariantOnSale {
  id: number;
  productId: number;
  sku: string;
  costMinor: number;
  stock: number;
  imageUrl: string | null;
  /** What one unit weighs packed (shipping by weight). */
  weightGrams: number;
  /** Its option values' ids in the options' order (none without options). */
  valueIds: number[];
  label: string;
}

/**
 * Variants with their option values in `lang`, by product, then each product's own order: the one
 * labelled read of variants (a buyer's choices and checkout take those on sale; reports name any).
 */
function labelledVariants(
  db: AppDatabase,
  lang: TLanguage,
  where: SQL | undefined,
): Promise<VariantOnSale[]> {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      costMinor: productVariants.platformPriceMinor,
      stock: productVariants.stock,
      imageUrl: productVariants.imageUrl,
      weightGrams: productVariants.weightGrams,
      value1Id: productVariants.value1Id,
      value2Id: productVariants.value2Id,
      value3Id: productVariants.value3Id,
      name1: inLanguage(value1.values, value1.value, lang),
      name2: inLanguage(value2.values, value2.value, lang),
      name3: inLanguage(value3.values, value3.value, lang),
    })
    .from(productVariants)
    .leftJoin(value1, eq(value1.id, productVariants.value1Id))
    .leftJoin(value2, eq(value2.id, productVariants.value2Id))
    .leftJoin(value3, eq(value3.id, productVariants.value3Id))
    .where(where)
    .orderBy(asc(productVariants.productId), asc(productVariants.sort), asc(productVariants.id))
    .then((rows) =>
      rows.map((row) => {
        const chosen = [
          [row.value1Id, row.name1],
          [row.value2Id, row.name2],
          [row.value3Id, row.name3],
        ].filter((pair): pair is [number, string] => pair[0] !== null);
        return {
          id: row.id,
          productId: row.productId,
          sku: row.sku,
          costMinor: row.costMinor,
          stock: Math.max(0, row.stock),
          imageUrl: row.imageUrl,
          weightGrams: row.weightGrams,
          valueIds: chosen.map(([id]) => id),
          label: variantLabel(chosen.map(([, name]) => name)),
        };
      }),
    );
}

const variantsOnSale = (db: AppDatabase, lang: TLanguage, where: SQL) =>
  labelledVariants(db, lang, and(eq(productVariants.status, 1), where));

/** Variants on sale among `ids` (checkout's lines), labelled in `lang`. */
export function findVariantsOnSale(
  db: AppDatabase,
  ids: number[],
  lang: TLanguage,
): Promise<VariantOnSale[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return variantsOnSale(db, lang, inArray(productVariants.id, ids));
}

/** A variant as reports name it: its SKU and label in a language ('' without options). */
export type VariantName = Pick<VariantOnSale, 'id' | 'productId' | 'sku' | 'label'>;

/**
 * The variants among `ids` that the catalogue still has, on sale or not (reports name what was
 * sold, whatever its state now), labelled in `lang`. A removed variant is simply absent.
 */
export async function nameVariants(db: AppDatabase, ids: number[], lang: TLanguage): Promise<VariantName[]> {
  if (ids.length === 0) return [];
  return (await labelledVariants(db, lang, inArray(productVariants.id, ids))).map(
    ({ id, productId, sku, label }) => ({ id, productId, sku, label }),
  );
}

/** An option as a buyer chooses in it: its name and values in their language, in order. */
export interface OptionOnSale {
  id: number;
  name: string;
  values: { id: number; name: string }[];
}

/**
 * A product's options (every value, in order: a combination that is not on sale is shown and
 * refused, not hidden) and its variants on sale, in the catalogue's order.
 */
export async function listProductChoices(
  db: AppDatabase,
  productId: number,
  lang: TLanguage,
): Promise<{ options: OptionOnSale[]; variants: VariantOnSale[] }> {
  const [optionRows, variants] = await Promise.all([
    db
      .select({
        id: productOptions.id,
        name: inLanguage(productOptions.names, productOptions.name, lang),
        valueId: productOptionValues.id,
        value: inLanguage(productOptionValues.values, productOptionValues.value, lang),
      })
      .from(productOptions)
      .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position), asc(productOptionValues.position), asc(productOptionValues.id)),
    variantsOnSale(db, lang, eq(productVariants.productId, productId)),
  ]);
  const options = new Map<number, OptionOnSale>();
  for (const row of optionRows) {
    let option = options.get(row.id);
    if (!option) {
      option = { id: row.id, name: row.name, values: [] };
      options.set(row.id, option);
    }
    option.values.push({ id: row.valueId, name: row.value });
  }
  return { options: [...options.values()], variants };
}
