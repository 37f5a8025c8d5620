import { variantLabel, type TLanguage } from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../platform/db/database';
import { productOptionValues, productVariants } from './catalog.table';
import { inLanguage } from './translations';

const value1 = alias(productOptionValues, 'label_value1');
const value2 = alias(productOptionValues, 'label_value2');
const value3 = alias(productOptionValues, 'label_value3');

/** A variant as reports name it: its SKU and label in a language ('' without options). */
export interface VariantName {
  id: number;
  productId: number;
  sku: string;
  label: string;
}

/**
 * The variants among `ids` that the catalogue still has, on sale or not (reports name what was
 * sold, whatever its state now), labelled in `lang`. A removed variant is simply absent.
 */
export async function nameVariants(db: AppDatabase, ids: number[], lang: TLanguage): Promise<VariantName[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
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
    .where(inArray(productVariants.id, ids));
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    sku: row.sku,
    label: variantLabel(
      [
        [row.value1Id, row.name1],
        [row.value2Id, row.name2],
        [row.value3Id, row.name3],
      ]
        .filter((pair): pair is [number, string] => pair[0] !== null)
        .map(([, name]) => name),
    ),
  }));
}
