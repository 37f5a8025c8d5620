import { and, asc, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../platform/db/database';
import { stampNow } from '../../platform/db/stamp';
import { productOptionValues, productOptions, productVariants, products } from './catalog.table';

/*
 * Variants (decision 0055): what is sold, with its own cost and stock. Every product has at
 * least one; a product without options has exactly one.
 */

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

/**
 * The variant a product is sold as where a line names only the product (a cart kept before
 * variants, the demo seed): its first variant on sale by sort, then id; null when none is.
 */
export const defaultVariantOf = (productId: AnyColumn) =>
  sql<number | null>`(select v.id from product_variants v where v.product_id = ${productId} and v.status = 1
    order by v.sort, v.id limit 1)`;

/** The SKU a product's first variant gets when nobody chose one: `LS-<product id>`. */
export const defaultSku = (productId: number) => `LS-${productId}`;

/** A product without options, as seeds and tests add them: its one variant's cost and stock. */
export type SimpleProductValues = typeof products.$inferInsert & {
  platformPriceMinor: number;
  stock?: number;
  sku?: string;
};

/**
 * Adds products without options, each with its one variant; answers the products' rows in the
 * order given, each with its variant's id.
 */
export async function insertSimpleProducts(
  db: AppDatabase,
  values: SimpleProductValues[],
): Promise<(ProductRow & { variantId: number })[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(products)
    .values(values.map(({ platformPriceMinor: _cost, stock: _stock, sku: _sku, ...product }) => product))
    .returning();
  const variants = await db
    .insert(productVariants)
    .values(
      rows.map((row, i) => ({
        productId: row.id,
        sku: values[i]?.sku ?? defaultSku(row.id),
        platformPriceMinor: values[i]?.platformPriceMinor ?? 0,
        stock: values[i]?.stock ?? 0,
      })),
    )
    .returning({ id: productVariants.id, productId: productVariants.productId });
  const variantOf = new Map(variants.map((v) => [v.productId, v.id]));
  return rows.map((row) => ({ ...row, variantId: variantOf.get(row.id) ?? 0 }));
}

/** An option of a product being added: its English name and translations, its values in order. */
export interface NewProductOption {
  name: string;
  names: Record<string, string>;
  values: { value: string; values: Record<string, string> }[];
}

/** A variant of a product being added; `values` index each option's values, in option order. */
export interface NewProductVariant {
  sku: string;
  platformPriceMinor: number;
  stock: number;
  weightGrams?: number;
  values: number[];
}

/** A product with its options and variants (one per combination, sorted as given; none: no options). */
export interface ProductWithVariantsValues {
  product: typeof products.$inferInsert;
  options: NewProductOption[];
  /** Given the product's id, so a SKU may name it. */
  variants: (productId: number) => NewProductVariant[];
}

/** Rows per statement, well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

async function insertChunked<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    out.push(...(await insert(rows.slice(i, i + INSERT_CHUNK))));
  return out;
}

/**
 * Adds products with their options, values and variants in a few multi-row statements (seeds);
 * answers the products' ids in the order given, each with its variants' ids in their order.
 */
export async function insertProductsWithVariants(
  db: AppDatabase,
  values: ProductWithVariantsValues[],
): Promise<{ id: number; variantIds: number[] }[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(products)
    .values(values.map((v) => v.product))
    .returning({ id: products.id });
  const optionRows = values.flatMap((v, i) =>
    v.options.map((option, k) => ({
      productId: rows[i]!.id,
      position: k + 1,
      name: option.name,
      names: option.names,
    })),
  );
  const options = await insertChunked(optionRows, (chunk) =>
    db.insert(productOptions).values(chunk).returning({
      id: productOptions.id,
      productId: productOptions.productId,
      position: productOptions.position,
    }),
  );
  const optionId = new Map(options.map((o) => [`${o.productId}:${o.position}`, o.id]));
  const valueRows = values.flatMap((v, i) =>
    v.options.flatMap((option, k) =>
      option.values.map((value, j) => ({
        optionId: optionId.get(`${rows[i]!.id}:${k + 1}`)!,
        position: j + 1,
        value: value.value,
        values: value.values,
      })),
    ),
  );
  const optionValues = await insertChunked(valueRows, (chunk) =>
    db.insert(productOptionValues).values(chunk).returning({
      id: productOptionValues.id,
      optionId: productOptionValues.optionId,
      position: productOptionValues.position,
    }),
  );
  const valueId = new Map(optionValues.map((v) => [`${v.optionId}:${v.position}`, v.id]));
  const variantRows = values.flatMap((v, i) => {
    const productId = rows[i]!.id;
    const idOf = (k: number, index: number | undefined) =>
      index === undefined
        ? null
        : (valueId.get(`${optionId.get(`${productId}:${k + 1}`)}:${index + 1}`) ?? null);
    return v.variants(productId).map((variant, sort) => ({
      productId,
      sku: variant.sku,
      platformPriceMinor: variant.platformPriceMinor,
      stock: variant.stock,
      weightGrams: variant.weightGrams ?? 0,
      value1Id: idOf(0, variant.values[0]),
      value2Id: idOf(1, variant.values[1]),
      value3Id: idOf(2, variant.values[2]),
      sort,
    }));
  });
  const variants = await insertChunked(variantRows, (chunk) =>
    db.insert(productVariants).values(chunk).returning({
      id: productVariants.id,
      productId: productVariants.productId,
      sort: productVariants.sort,
    }),
  );
  const variantIds = new Map<number, number[]>();
  for (const v of [...variants].sort((a, b) => a.sort - b.sort)) {
    variantIds.set(v.productId, [...(variantIds.get(v.productId) ?? []), v.id]);
  }
  return rows.map((row) => ({ id: row.id, variantIds: variantIds.get(row.id) ?? [] }));
}

/** The variants of a product, in order (sort, then id). */
export function listVariants(db: AppDatabase, productId: number): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
}

/** Takes `quantity` from a variant's stock only if that many are there; false when short. */
export async function takeStock(db: AppDatabase, variantId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} >= ${quantity}`))
    .returning({ id: productVariants.id });
  return rows.length === 1;
}

export async function stockOf(db: AppDatabase, variantId: number): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock ?? 0;
}

/**
 * Puts quantities back (a released reservation); a variant the catalogue removed since is
 * skipped. In variant order, like `takeStock`'s callers, so two releases never wait in a cycle.
 */
export async function returnStock(
  db: AppDatabase,
  moves: { variantId: number; quantity: number }[],
): Promise<void> {
  for (const move of [...moves].sort((a, b) => a.variantId - b.variantId)) {
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${move.quantity}` })
      .where(eq(productVariants.id, move.variantId));
  }
}

// ── The stock sheet (export and import by SKU) ─────────────────────────────────────────────────

const value1 = alias(productOptionValues, 'value1');
const value2 = alias(productOptionValues, 'value2');
const value3 = alias(productOptionValues, 'value3');

/** A variant as the stock sheet lists it: its product's English title and its label ("M / Black"). */
export interface StockSheetRow {
  sku: string;
  title: string;
  label: string;
  stock: number;
  status: number;
}

export async function countVariants(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ total: count() }).from(productVariants);
  return row?.total ?? 0;
}

/** Up to `limit` variants, by product, then each product's own order. */
export function listStockSheet(db: AppDatabase, limit: number): Promise<StockSheetRow[]> {
  return db
    .select({
      sku: productVariants.sku,
      title: products.title,
      label: sql<string>`concat_ws(' / ', ${value1.value}, ${value2.value}, ${value3.value})`,
      stock: productVariants.stock,
      status: productVariants.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(value1, eq(value1.id, productVariants.value1Id))
    .leftJoin(value2, eq(value2.id, productVariants.value2Id))
    .leftJoin(value3, eq(value3.id, productVariants.value3Id))
    .orderBy(asc(products.id), asc(productVariants.sort), asc(productVariants.id))
    .limit(limit);
}

/**
 * The variants with these SKUs (compared without case; each must already be a well-formed SKU),
 * locked for update in variant-id order like checkout's `takeStock`, so the two never wait in a
 * cycle.
 */
export async function lockVariantsBySku(
  db: AppDatabase,
  skus: readonly string[],
): Promise<{ id: number; sku: string; stock: number }[]> {
  if (skus.length === 0) return [];
  // A SKU holds letters, digits and `._-` only (ZSku): quoted, it is a safe array element.
  const list = `{${skus.map((sku) => `"${sku.toLowerCase()}"`).join(',')}}`;
  return db
    .select({ id: productVariants.id, sku: productVariants.sku, stock: productVariants.stock })
    .from(productVariants)
    .where(sql`lower(${productVariants.sku}) = any(${list}::text[])`)
    .orderBy(asc(productVariants.id))
    .for('update');
}

/** Sets each variant's stock, in one statement (a stock-only change: the storefront forgets its product's page). */
export async function setVariantStocks(
  db: AppDatabase,
  stocks: readonly { variantId: number; stock: number }[],
): Promise<void> {
  if (stocks.length === 0) return;
  const ids = `{${stocks.map((s) => s.variantId).join(',')}}`;
  const counts = `{${stocks.map((s) => s.stock).join(',')}}`;
  await db.execute(sql`update ${productVariants} set stock = s.stock, updated_at = ${stampNow()}
    from unnest(${ids}::bigint[], ${counts}::int[]) as s(id, stock)
    where ${productVariants.id} = s.id`);
}
