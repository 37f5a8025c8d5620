import {
  isEmptyDoc,
  parseStoredRichText,
  type TLanguage,
  type TPage,
  type TProductDescriptions,
  type TProductForm,
  type TProductPageItem,
  type TProductPageQuery,
  type TProductRequestParsed,
  type TProductTranslations,
  type TRichDoc,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import { findCategory, listAllCategories } from './categories.repository';
import { categoryLabel } from './categories.service';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listImages,
  pageProducts,
  replaceImages,
  summarizeVariants,
  updateProduct,
  type ProductRow,
  type VariantSummary,
} from './products.repository';
import { defaultSku, listVariants } from './variants.repository';
import { productVariants } from './catalog.table';
import { stampNow } from '../../platform/db/stamp';
import { eq } from 'drizzle-orm';

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
const OTHER_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;

function cleanTexts(texts: Record<string, string> | null | undefined): TProductTranslations {
  const out: TProductTranslations = {};
  for (const lang of OTHER_LANGUAGES) {
    const value = texts?.[lang];
    if (typeof value === 'string' && value !== '') out[lang] = value;
  }
  return out;
}

/** A description is stored as its JSON document in the text column (decision 0017); empty as ''. */
function storeDoc(doc: TRichDoc): string {
  return isEmptyDoc(doc) ? '' : JSON.stringify(doc);
}

function storeDescriptions(docs: TProductDescriptions): Record<string, string> {
  return Object.fromEntries(Object.entries(docs).map(([lang, doc]) => [lang, storeDoc(doc)]));
}

/** Stored descriptions as documents; an old plain-text value becomes paragraphs. */
function readDescriptions(stored: Record<string, string> | null | undefined): TProductDescriptions {
  return Object.fromEntries(
    Object.entries(cleanTexts(stored)).map(([lang, text]) => [lang, parseStoredRichText(text)]),
  );
}

const NO_VARIANTS: VariantSummary = {
  platformPriceMinor: 0,
  maxPlatformPriceMinor: 0,
  stock: 0,
  variants: 0,
};

function toForm(row: ProductRow, images: string[], variants: VariantSummary): TProductForm {
  return {
    id: String(row.id),
    categoryId: String(row.categoryId),
    title: row.title,
    titles: cleanTexts(row.titles),
    description: parseStoredRichText(row.description),
    descriptions: readDescriptions(row.descriptions),
    platformPriceMinor: variants.platformPriceMinor,
    stock: variants.stock,
    variants: variants.variants,
    status: flag(row.status),
    sort: row.sort,
    images,
  };
}

/** A page of products; a first-level `categoryId` takes its sub-categories' products. */
export async function pageProductList(
  db: AppDatabase,
  lang: TLanguage,
  query: TProductPageQuery,
): Promise<TPage<TProductPageItem>> {
  const all = await listAllCategories(db);
  let categoryIds: number[] | undefined;
  if (query.categoryId !== undefined) {
    const id = Number(query.categoryId);
    categoryIds = [id, ...all.filter((c) => c.parentId === id).map((c) => c.id)];
  }
  const { rows, total } = await pageProducts(
    db,
    { keywords: query.keywords, categoryIds, status: query.status },
    query.pageNum,
    query.pageSize,
  );
  const ids = rows.map((r) => r.id);
  const [images, variants] = await Promise.all([listImages(db, ids), summarizeVariants(db, ids)]);
  const byId = new Map(all.map((c) => [c.id, c]));
  const list = rows.map((row): TProductPageItem => {
    const category = byId.get(row.categoryId);
    const summary = variants.get(row.id) ?? NO_VARIANTS;
    return {
      id: String(row.id),
      categoryId: String(row.categoryId),
      categoryLabel: category ? categoryLabel(category, lang) : '',
      label: lang === 'en' ? row.title : (cleanTexts(row.titles)[lang] ?? row.title),
      title: row.title,
      platformPriceMinor: summary.platformPriceMinor,
      maxPlatformPriceMinor: summary.maxPlatformPriceMinor,
      stock: summary.stock,
      variants: summary.variants,
      status: flag(row.status),
      sort: row.sort,
      imageUrl: images.get(row.id)?.[0] ?? null,
      createTime: formatDateTime(row.createdAt),
    };
  });
  return { list, total };
}

export async function getProductForm(db: AppDatabase, id: number): Promise<TProductForm> {
  const row = await findProduct(db, id);
  if (!row) throw AppError.notFound();
  const [images, variants] = await Promise.all([listImages(db, [id]), summarizeVariants(db, [id])]);
  return toForm(row, images.get(id) ?? [], variants.get(id) ?? NO_VARIANTS);
}

/** Adds (`id` null) or changes a product; its category must be a second-level one. */
export async function saveProduct(
  db: AppDatabase,
  id: number | null,
  form: TProductRequestParsed,
): Promise<TProductForm> {
  const categoryId = Number(form.categoryId);
  return withTransaction(db, async (tx) => {
    const category = await findCategory(tx, categoryId);
    if (!category || category.parentId === 0) {
      throw AppError.field('categoryId', 'catalog.product.categoryNotSecondLevel');
    }
    const values = {
      categoryId,
      title: form.title,
      titles: cleanTexts(form.titles),
      description: storeDoc(form.description),
      descriptions: storeDescriptions(form.descriptions),
      status: form.status,
      sort: form.sort,
    };
    const row = id === null ? await insertProduct(tx, values) : await updateProduct(tx, id, values);
    if (!row) throw AppError.notFound();
    await replaceImages(tx, row.id, form.images);
    // A product without options is its one variant: the form's cost and stock are that variant's.
    const variants = await listVariants(tx, row.id);
    const cost = { platformPriceMinor: form.platformPriceMinor, stock: form.stock };
    if (variants.length === 0) {
      await tx.insert(productVariants).values({ productId: row.id, sku: defaultSku(row.id), ...cost });
    } else if (variants.length === 1 && variants[0]) {
      await tx
        .update(productVariants)
        .set({ ...cost, updatedAt: stampNow() })
        .where(eq(productVariants.id, variants[0].id));
    }
    const summary = await summarizeVariants(tx, [row.id]);
    return toForm(row, form.images, summary.get(row.id) ?? NO_VARIANTS);
  });
}

export async function removeProduct(db: AppDatabase, id: number): Promise<void> {
  if ((await deleteProduct(db, id)) === 0) throw AppError.notFound();
}

export async function setProductStatus(db: AppDatabase, id: number, status: 0 | 1): Promise<void> {
  if (!(await updateProduct(db, id, { status }))) throw AppError.notFound();
}
