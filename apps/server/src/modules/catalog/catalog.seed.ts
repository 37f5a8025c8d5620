import { count } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import {
  bannerPicture,
  iconPicture,
  productPicture,
  storeSeedPictures,
  type SeedPicture,
} from '../files/files.api';
import type { FileStorage } from '../../platform/storage/storage';
import { categories, categorySizeGuides, platformBanners, productImages, reviews } from './catalog.table';
import { insertProductsWithVariants } from './variants.repository';
import { SEED_SIZE_GUIDES, variantPlanOf } from './catalog.seed-apparel';
import {
  SEED_BENEFITS,
  SEED_CATEGORIES,
  SEED_CLOSINGS,
  SEED_COLOURS,
  SEED_INTRO,
  SEED_INTRO_SIZED,
  SEED_LINES,
  SEED_PLATFORM_BANNERS,
  SEED_REVIEW_BODIES,
  SEED_REVIEWERS,
  type TText,
} from './catalog.seed-data';

/** Products in the seed catalogue, spread evenly over the second-level categories. */
export const SEED_PRODUCT_COUNT = 300;
/** Extra (wordless) pictures per second-level category, shared by its products as 2nd/3rd image. */
const SHARED_PICTURES_PER_SUBCATEGORY = 2;
/** Fixed so every install gets the same catalogue. */
const SEED = 20_261_122;
/** The clothes' colours, stock and so on draw from their own PRNG: the rest stays as it was. */
const APPAREL_SEED = 20_260_033;
const DAY_MS = 86_400_000;

export interface CatalogueSeedReport {
  categories: number;
  products: number;
  images: number;
  reviews: number;
  banners: number;
  /** Variants of all products (one for each product without options). */
  variants: number;
  sizeGuides: number;
}

/** mulberry32: a small deterministic PRNG, so the catalogue is the same on every install. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** English in the column, the other four languages in the jsonb beside it. */
function translated(text: TText): { en: string; others: Record<string, string> } {
  const [en, es, pt, zhCn, fr] = text;
  return { en, others: { es, pt, 'zh-cn': zhCn, fr } };
}

/** Each language's phrase through `compose` (given the language's index in TText). */
function mapText(compose: (index: 0 | 1 | 2 | 3 | 4) => string): TText {
  return [compose(0), compose(1), compose(2), compose(3), compose(4)];
}

/** A platform price in `[min, max]` US cents with a shop-like ending (…99, …49, …95, …00). */
export function seedPrice(rand: () => number, [min, max]: readonly [number, number]): number {
  const dollars = Math.floor((min + rand() * (max - min)) / 100);
  const ending = pick(rand, [99, 99, 49, 95, 0] as const);
  return Math.max(min, dollars * 100 + ending);
}

/** Ratings lean positive, as real shops' do: 5% one star … 45% five stars. */
function seedRating(rand: () => number): number {
  const r = rand();
  if (r < 0.05) return 1;
  if (r < 0.12) return 2;
  if (r < 0.25) return 3;
  if (r < 0.55) return 4;
  return 5;
}

export interface SeedProduct {
  /** Index into the flat list of second-level categories. */
  subcategory: number;
  title: TText;
  description: TText;
  /** The cost of its first variant (larger sizes cost more), US cents. */
  priceMinor: number;
  /** The stock of its first variant (the others' is drawn, see catalog.seed-apparel.ts). */
  stock: number;
  /** Sold in sizes and colours, in one size, or without options (undefined). */
  variants: 'sizes' | 'oneSize' | undefined;
  /** English name of its item ("Cotton T-shirt"). */
  item: string;
  /** The colour it was drawn in: in its title, or the first of its Colour values when sized. */
  colour: TText;
  /** Initials and line name drawn on its main picture. */
  initials: string;
  line: string;
  hue: number;
}

/** Up to two capital initials of an English name: "Cotton T-shirt" → "CT". */
function initialsOf(name: string): string {
  return name
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** Second-level categories in order, with their parent's index and hue. */
export function flatSubcategories() {
  return SEED_CATEGORIES.flatMap((parent, parentIndex) =>
    parent.children.map((child) => ({ ...child, parentIndex, hue: parent.hue })),
  );
}

/**
 * The products, composed from item × line × colour: titles unique within a category (a line is
 * used once per category), descriptions of three sentences in all five languages. Clothes sold in
 * sizes and colours keep the colour out of the title ("Cotton T-shirt Aurora"): it is an option.
 */
export function composeProducts(rand: () => number): SeedProduct[] {
  const subcategories = flatSubcategories();
  return Array.from({ length: SEED_PRODUCT_COUNT }, (_, n) => {
    const subcategory = n % subcategories.length;
    const round = Math.floor(n / subcategories.length);
    const sub = subcategories[subcategory]!;
    const item = sub.items[round % 2]!;
    const line = SEED_LINES[(subcategory * 5 + round) % SEED_LINES.length]!;
    const colour = pick(rand, SEED_COLOURS);
    const benefit = pick(rand, SEED_BENEFITS);
    const closing = pick(rand, SEED_CLOSINGS);
    const sentenceGap = (i: number) => (i === 3 ? '' : ' ');
    const sized = sub.variants === 'sizes';
    const intro = sized ? SEED_INTRO_SIZED : SEED_INTRO;
    return {
      subcategory,
      title: mapText((i) => (sized ? `${item[i]} ${line}` : `${item[i]} ${line} — ${colour[i]}`)),
      description: mapText((i) =>
        [
          intro[i].replace('{item}', item[i]).replace('{line}', line).replace('{colour}', colour[i]),
          benefit[i],
          closing[i],
        ].join(sentenceGap(i)),
      ),
      priceMinor: seedPrice(rand, sub.priceMinor),
      stock: rand() < 0.04 ? 0 : 5 + Math.floor(rand() * 495),
      variants: sub.variants,
      item: item[0],
      colour,
      initials: initialsOf(item[0]),
      line,
      hue: (sub.hue + ((round * 17) % 50)) % 360,
    };
  });
}

/** Published, unverified reviews (verified needs an order item) on about three products in four. */
export function composeReviews(rand: () => number, productIds: readonly number[], now: Date) {
  return productIds.flatMap((productId) => {
    const howMany = rand() < 0.75 ? 1 + Math.floor(rand() * 6) : 0;
    return Array.from({ length: howMany }, () => {
      const [authorName, language] = pick(rand, SEED_REVIEWERS);
      const rating = seedRating(rand);
      const body = pick(rand, SEED_REVIEW_BODIES[rating - 1]!)[languageIndex(language)];
      const createdAt = new Date(now.getTime() - Math.floor(rand() * 180 * DAY_MS));
      return { productId, authorName, rating, body, language, status: 1, createdAt, updatedAt: createdAt };
    });
  });
}

function languageIndex(language: string): 0 | 1 | 2 | 3 | 4 {
  return ({ en: 0, es: 1, pt: 2, 'zh-cn': 3, fr: 4 } as const)[language as 'en'] ?? 0;
}

/** Inserts the two category levels with their icons; answers the second-level ids in order. */
async function insertCategories(db: AppDatabase, icons: readonly { url: string }[]): Promise<number[]> {
  const parents = await db
    .insert(categories)
    .values(
      SEED_CATEGORIES.map((category, index) => {
        const { en, others } = translated(category.name);
        return { name: en, names: others, iconUrl: icons[index]?.url ?? null, sort: index + 1 };
      }),
    )
    .returning({ id: categories.id });
  const subcategories = flatSubcategories();
  const children = await db
    .insert(categories)
    .values(
      subcategories.map((sub, index) => {
        const { en, others } = translated(sub.name);
        return {
          parentId: parents[sub.parentIndex]!.id,
          name: en,
          names: others,
          iconUrl: icons[SEED_CATEGORIES.length + index]?.url ?? null,
          sort: (index % 4) + 1,
        };
      }),
    )
    .returning({ id: categories.id });
  return children.map((c) => c.id);
}

/** The pictures of the whole catalogue, in one list so they are drawn in one go. */
function cataloguePictures(seedProducts: readonly SeedProduct[]): SeedPicture[] {
  const subcategories = flatSubcategories();
  return [
    ...SEED_CATEGORIES.map((c) => iconPicture('category', c.hue, c.glyph)),
    ...subcategories.map((s) => iconPicture('category', (s.hue + 20) % 360, initialsOf(s.name[0]))),
    ...subcategories.flatMap((s, index) =>
      Array.from({ length: SHARED_PICTURES_PER_SUBCATEGORY }, (_, k) =>
        productPicture((s.hue + 25 * (k + 1)) % 360, index * 3 + k),
      ),
    ),
    ...SEED_PLATFORM_BANNERS.map((b, index) => bannerPicture(b.hue, index)),
    ...seedProducts.map((p, index) =>
      productPicture(p.hue, index, { initials: p.initials, caption: p.line }),
    ),
  ];
}

/**
 * The sample catalogue of the first start: 10 + 40 categories, 300 products with drawn pictures,
 * reviews and 3 platform banners; T-shirts and hoodies in sizes and colours (with their
 * categories' size guides), caps and hats in one size (catalog.seed-apparel.ts). Runs only while there are no categories at all, so it never
 * mixes into a catalogue operators have started, and is safe on every start.
 */
export async function seedCatalogue(db: AppDatabase, storage: FileStorage): Promise<CatalogueSeedReport> {
  const [existing] = await db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) > 0)
    return { categories: 0, products: 0, images: 0, reviews: 0, banners: 0, variants: 0, sizeGuides: 0 };

  const rand = seededRandom(SEED);
  const seedProducts = composeProducts(rand);
  const images = await storeSeedPictures(db, storage, cataloguePictures(seedProducts));
  const subcategories = flatSubcategories();
  const iconCount = SEED_CATEGORIES.length + subcategories.length;
  const sharedStart = iconCount;
  const bannerStart = sharedStart + subcategories.length * SHARED_PICTURES_PER_SUBCATEGORY;
  const productStart = bannerStart + SEED_PLATFORM_BANNERS.length;

  const subcategoryIds = await insertCategories(db, images.slice(0, iconCount));
  const guides = subcategories.flatMap((sub, index) => {
    const guide = SEED_SIZE_GUIDES[sub.name[0]];
    return guide ? [{ categoryId: subcategoryIds[index]!, ...guide }] : [];
  });
  if (guides.length > 0) await db.insert(categorySizeGuides).values(guides);

  // One statement per table for all products, in order: product ids are as they always were.
  const apparelRand = seededRandom(APPAREL_SEED);
  const inserted = await insertProductsWithVariants(
    db,
    seedProducts.map((p, index) => {
      const title = translated(p.title);
      const description = translated(p.description);
      return {
        product: {
          categoryId: subcategoryIds[p.subcategory]!,
          title: title.en,
          titles: title.others,
          description: description.en,
          descriptions: description.others,
          sort: Math.floor(index / subcategories.length) + 1,
        },
        ...variantPlanOf(apparelRand, p),
      };
    }),
  );

  // Its own picture first, then 0–2 of its category's shared ones.
  const imageRows = inserted.flatMap(({ id }, index) => {
    const own = images[productStart + index]!;
    const shared = Math.floor(rand() * (SHARED_PICTURES_PER_SUBCATEGORY + 1));
    const sub = seedProducts[index]!.subcategory;
    const extra = Array.from(
      { length: shared },
      (_, k) => images[sharedStart + sub * SHARED_PICTURES_PER_SUBCATEGORY + k]!,
    );
    return [own, ...extra].map((image, sort) => ({
      productId: id,
      url: image.url,
      fileId: image.fileId,
      sort,
    }));
  });
  await db.insert(productImages).values(imageRows);

  const reviewRows = composeReviews(
    rand,
    inserted.map((p) => p.id),
    new Date(),
  );
  await db.insert(reviews).values(reviewRows);

  await db.insert(platformBanners).values(
    SEED_PLATFORM_BANNERS.map((banner, index) => {
      const { en, others } = translated(banner.title);
      return { title: en, titles: others, imageUrl: images[bannerStart + index]!.url, sort: index + 1 };
    }),
  );

  return {
    categories: SEED_CATEGORIES.length + subcategories.length,
    products: inserted.length,
    images: images.length,
    reviews: reviewRows.length,
    banners: SEED_PLATFORM_BANNERS.length,
    variants: inserted.reduce((sum, p) => sum + p.variantIds.length, 0),
    sizeGuides: guides.length,
  };
}
