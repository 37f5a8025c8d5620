import { insertSimpleProducts } from '../modules/catalog/catalog.api';
import { saveProductVariants } from '../modules/catalog/variants.service';
import { categories } from '../modules/catalog/catalog.table';
import type { AppDatabase } from '../platform/db/database';

/** A new first-level category with one subcategory (`<name> 1`); answers the subcategory's id. */
export async function addSubcategory(db: AppDatabase, name: string): Promise<number> {
  const [parent] = await db.insert(categories).values({ parentId: 0, name }).returning();
  const [child] = await db
    .insert(categories)
    .values({ parentId: parent?.id ?? 0, name: `${name} 1` })
    .returning();
  return child?.id ?? 0;
}

/** A product on sale in a subcategory of its own; answers its id. */
export async function addProductOnSale(
  db: AppDatabase,
  product: { category: string; title: string; costMinor: number; stock: number },
): Promise<number> {
  const categoryId = await addSubcategory(db, product.category);
  const [row] = await insertSimpleProducts(db, [
    { categoryId, title: product.title, platformPriceMinor: product.costMinor, stock: product.stock },
  ]);
  return row?.id ?? 0;
}

/** Translations with a Spanish one when given. */
const spanish = (es?: string): Record<string, string> => (es ? { es } : {});

/** A variant of `addVariedProduct`: one value per option, its SKU, cost, stock and on/off. */
export interface KitVariant {
  values: string[];
  sku: string;
  costMinor: number;
  stock: number;
  status?: 0 | 1;
  imageUrl?: string;
}

/**
 * A product with options (e.g. Size and Colour, values in order, with Spanish names) and the
 * variants given, saved as the console saves them; answers its id and its variants' ids by SKU.
 */
export async function addVariedProduct(
  db: AppDatabase,
  product: {
    categoryId: number;
    title: string;
    options: { name: string; es?: string; values: { value: string; es?: string }[] }[];
    variants: KitVariant[];
  },
): Promise<{ id: number; variantIds: Record<string, number> }> {
  const [first] = product.variants;
  const [row] = await insertSimpleProducts(db, [
    {
      categoryId: product.categoryId,
      title: product.title,
      platformPriceMinor: first?.costMinor ?? 100,
      sku: `${first?.sku ?? 'KIT'}-SIMPLE`,
    },
  ]);
  const id = row?.id ?? 0;
  const saved = await saveProductVariants(db, id, {
    options: product.options.map((option) => ({
      name: option.name,
      names: spanish(option.es),
      values: option.values.map((value) => ({
        value: value.value,
        values: spanish(value.es),
      })),
    })),
    variants: product.variants.map((variant) => ({
      values: variant.values,
      sku: variant.sku,
      platformPriceMinor: variant.costMinor,
      stock: variant.stock,
      imageUrl: variant.imageUrl ?? null,
      weightGrams: 0,
      status: variant.status ?? 1,
    })),
  });
  return { id, variantIds: Object.fromEntries(saved.variants.map((v) => [v.sku, Number(v.id)])) };
}
