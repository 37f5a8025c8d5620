import type { SizeGuideColumnValue, SizeGuideRowValue } from './catalog.table';
import { SEED_COLOURS, type TText } from './catalog.seed-data';
import type { NewProductOption, NewProductVariant } from './variants.repository';

/*
 * The seed catalogue's clothes (issue 33, decision 0055): T-shirts and hoodies in XS–3XL and
 * several colours, the larger sizes costing more; caps and hats in one size; everything else
 * without options. Drawn from its own seeded PRNG, so the rest of the catalogue stays as it was.
 */

/** The sizes of T-shirts and hoodies, smallest first (the same words in every language). */
export const SEED_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;
/** What each size adds to the product's cost, US cents: XS–XL the base, +$1 for 2XL, +$2 for 3XL. */
export const SIZE_EXTRA_MINOR: readonly number[] = [0, 0, 0, 0, 0, 100, 200];
/** How much of a colour's usual stock each size carries: the middle sizes sell most. */
const SIZE_STOCK_SHARE: readonly number[] = [0.4, 0.8, 1, 1, 0.8, 0.5, 0.3];
/** A variant other than the one the product is sold as is sold out this often. */
const SOLD_OUT_SHARE = 0.08;

export const SEED_OPTION_SIZE: TText = ['Size', 'Talla', 'Tamanho', '尺码', 'Taille'];
export const SEED_OPTION_COLOUR: TText = ['Colour', 'Color', 'Cor', '颜色', 'Couleur'];
export const SEED_ONE_SIZE: TText = ['One size', 'Talla única', 'Tamanho único', '均码', 'Taille unique'];

/** Three letters per colour of SEED_COLOURS, by its English name, for SKUs. */
const COLOUR_CODES: Readonly<Record<string, string>> = {
  Sand: 'SND',
  Ocean: 'OCN',
  Forest: 'FRS',
  Charcoal: 'CHR',
  Coral: 'CRL',
  Ivory: 'IVR',
  Sky: 'SKY',
  Plum: 'PLM',
  Mustard: 'MST',
  Sage: 'SGE',
};

/** Per item (English name): the SKU's prefix and the weight in grams of its smallest size and each step up. */
const ITEMS: Readonly<Record<string, { prefix: string; grams: number; gramsPerSize: number }>> = {
  'Cotton T-shirt': { prefix: 'TS', grams: 140, gramsPerSize: 12 },
  'Oversized tee': { prefix: 'OT', grams: 170, gramsPerSize: 14 },
  'Fleece hoodie': { prefix: 'HD', grams: 480, gramsPerSize: 35 },
  'Zip hoodie': { prefix: 'ZH', grams: 520, gramsPerSize: 35 },
  'Baseball cap': { prefix: 'CP', grams: 95, gramsPerSize: 0 },
  'Knit beanie': { prefix: 'BN', grams: 80, gramsPerSize: 0 },
};

/** What a product's options and variants are made from. */
export interface ApparelSource {
  variants?: 'sizes' | 'oneSize' | undefined;
  /** The English name of its item ("Cotton T-shirt"). */
  item: string;
  /** The colour the product was drawn in: the first of its colours. */
  colour: TText;
  priceMinor: number;
  stock: number;
}

export interface VariantPlan {
  options: NewProductOption[];
  variants: (productId: number) => NewProductVariant[];
}

/** English in the column, the other four languages beside it. */
function option(name: TText, values: readonly TText[]): NewProductOption {
  const others = ([, es, pt, zhCn, fr]: TText) => ({ es, pt, 'zh-cn': zhCn, fr });
  return {
    name: name[0],
    names: others(name),
    values: values.map((value) => ({ value: value[0], values: others(value) })),
  };
}

const sameInEveryLanguage = (word: string): TText => [word, word, word, word, word];

/** The product's colour first, then two or three others, none twice. */
function coloursOf(rand: () => number, first: TText): TText[] {
  const others = SEED_COLOURS.filter((c) => c[0] !== first[0]);
  const wanted = rand() < 0.5 ? 2 : 3;
  const chosen: TText[] = [first];
  while (chosen.length < wanted + 1) {
    const [colour] = others.splice(Math.floor(rand() * others.length), 1);
    if (colour) chosen.push(colour);
  }
  return chosen;
}

/**
 * A product's options and variants. Sizes × colours, first option slowest (as the console's
 * editor orders them): the first variant (XS in its first colour) is the one the product is sold
 * as, with the product's cost and stock as before; the others' stock is drawn (a few sold out),
 * a sold-out product has none in any. One size: one variant with the product's cost and stock.
 * Anything else: the one variant without options, `LS-<id>` as before.
 */
export function variantPlanOf(rand: () => number, product: ApparelSource): VariantPlan {
  const item = ITEMS[product.item];
  if (product.variants === 'oneSize' && item) {
    return {
      options: [option(SEED_OPTION_SIZE, [SEED_ONE_SIZE])],
      variants: (id) => [
        {
          sku: `${item.prefix}-${id}-OS`,
          platformPriceMinor: product.priceMinor,
          stock: product.stock,
          weightGrams: item.grams,
          values: [0],
        },
      ],
    };
  }
  if (product.variants !== 'sizes' || !item) {
    return {
      options: [],
      variants: (id) => [
        { sku: `LS-${id}`, platformPriceMinor: product.priceMinor, stock: product.stock, values: [] },
      ],
    };
  }
  const colours = coloursOf(rand, product.colour);
  const cells = SEED_SIZES.flatMap((size, s) =>
    colours.map((colour, c) => {
      const first = s === 0 && c === 0;
      const soldOut = !first && rand() < SOLD_OUT_SHARE;
      const drawn = Math.max(1, Math.round((5 + rand() * 75) * SIZE_STOCK_SHARE[s]!));
      return {
        code: `${size}-${COLOUR_CODES[colour[0]] ?? 'X'}`,
        platformPriceMinor: product.priceMinor + SIZE_EXTRA_MINOR[s]!,
        stock: product.stock === 0 || soldOut ? 0 : first ? product.stock : drawn,
        weightGrams: item.grams + s * item.gramsPerSize,
        values: [s, c],
      };
    }),
  );
  return {
    options: [
      option(SEED_OPTION_SIZE, SEED_SIZES.map(sameInEveryLanguage)),
      option(SEED_OPTION_COLOUR, colours),
    ],
    variants: (id) => cells.map(({ code, ...cell }) => ({ sku: `${item.prefix}-${id}-${code}`, ...cell })),
  };
}

/** A size guide of the seed: measurements in whole millimetres, one row per size. */
export interface SeedSizeGuide {
  columns: SizeGuideColumnValue[];
  rows: SizeGuideRowValue[];
  note: string;
  notes: Record<string, string>;
}

const column = ([name, es, pt, zhCn, fr]: TText): SizeGuideColumnValue => ({
  name,
  names: { es, pt, 'zh-cn': zhCn, fr },
});
const CHEST: TText = ['Chest width', 'Ancho de pecho', 'Largura do peito', '胸宽', 'Largeur de poitrine'];
const LENGTH: TText = ['Length', 'Largo', 'Comprimento', '衣长', 'Longueur'];
const SLEEVE: TText = [
  'Sleeve length',
  'Largo de manga',
  'Comprimento da manga',
  '袖长',
  'Longueur de manche',
];
const NOTE: TText = [
  'Measured on the garment laid flat: chest from armpit to armpit, length from the top of the shoulder to the hem.',
  'Medidas de la prenda en plano: pecho de axila a axila, largo desde lo alto del hombro hasta el bajo.',
  'Medidas da peça na horizontal: peito de axila a axila, comprimento do alto do ombro até a barra.',
  '平铺测量：胸宽为腋下到腋下，衣长为肩顶到下摆。',
  'Mesures du vêtement à plat : poitrine d’aisselle à aisselle, longueur du haut de l’épaule à l’ourlet.',
];

function sizeGuide(columns: TText[], centimetres: readonly (readonly number[])[]): SeedSizeGuide {
  const [note, es, pt, zhCn, fr] = NOTE;
  return {
    columns: columns.map(column),
    rows: SEED_SIZES.map((size, s) => ({ size, values: centimetres.map((values) => values[s]! * 10) })),
    note,
    notes: { es, pt, 'zh-cn': zhCn, fr },
  };
}

/** The size guides of the sized subcategories, by their English name; values in cm, XS to 3XL. */
export const SEED_SIZE_GUIDES: Readonly<Record<string, SeedSizeGuide>> = {
  'T-shirts': sizeGuide(
    [CHEST, LENGTH],
    [
      [44, 47, 50, 53, 56, 59, 62],
      [66, 69, 72, 74, 76, 78, 80],
    ],
  ),
  Hoodies: sizeGuide(
    [CHEST, LENGTH, SLEEVE],
    [
      [50, 53, 56, 59, 62, 65, 68],
      [64, 67, 70, 72, 74, 76, 78],
      [60, 61, 62, 63, 64, 65, 66],
    ],
  ),
};
