import { count, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { rowRandom } from '../../platform/db/row-random';
import { categories, products } from './catalog.table';
import { resultRows } from '../../platform/db/rows';

/** The first-level category the generated products go in, and its subcategories. */
const PARENT = 'More finds';
const SUBCATEGORIES = ['Desk', 'Kitchen', 'Travel', 'Garden', 'Wellness', 'Play', 'Style', 'Tech'];
const ADJECTIVES = [
  'Cosy',
  'Bright',
  'Compact',
  'Classic',
  'Handy',
  'Soft',
  'Sturdy',
  'Clever',
  'Calm',
  'Bold',
];
const NOUNS = ['organiser', 'mug', 'lamp', 'bottle', 'pouch', 'tray', 'cushion', 'stand', 'kit', 'set'];

/** The options a product with variants gets, as the console's editor writes them (decision 0055). */
const SIZE = { name: 'Size', names: { es: 'Talla', pt: 'Tamanho', 'zh-cn': '尺码', fr: 'Taille' } };
const COLOUR = { name: 'Colour', names: { es: 'Color', pt: 'Cor', 'zh-cn': '颜色', fr: 'Couleur' } };
/** Sizes, smallest first: from XL on, each size costs $1.50 more than the one before. */
const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL'];
const COLOURS: [string, Record<string, string>][] = [
  ['Black', { es: 'Negro', pt: 'Preto', 'zh-cn': '黑色', fr: 'Noir' }],
  ['White', { es: 'Blanco', pt: 'Branco', 'zh-cn': '白色', fr: 'Blanc' }],
  ['Grey', { es: 'Gris', pt: 'Cinza', 'zh-cn': '灰色', fr: 'Gris' }],
  ['Navy', { es: 'Azul marino', pt: 'Azul-marinho', 'zh-cn': '藏青色', fr: 'Marine' }],
  ['Red', { es: 'Rojo', pt: 'Vermelho', 'zh-cn': '红色', fr: 'Rouge' }],
];
/** The most variants a generated product has: every size in every colour. */
export const MAX_SCALE_VARIANTS = SIZES.length * COLOURS.length;

export interface ScaleCatalogueReport {
  /** Products on sale after the run. */
  onSale: number;
  /** Products this run added. */
  added: number;
  /** Variants of the products this run added. */
  variants: number;
}

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => sql.raw(`(array[${values.map(text).join(', ')}])`);

/**
 * The grid of `variants` combinations (first option slowest, as the editor orders them): the
 * fewest colours that hold them with at most one row of sizes per colour, then the sizes needed.
 * Every value is used (the editor removes a value no variant names), the last size may lack some
 * colours.
 */
export function variantGrid(variants: number): { sizes: number; colours: number } {
  if (!Number.isSafeInteger(variants) || variants < 1 || variants > MAX_SCALE_VARIANTS) {
    throw new Error(`variantsPerProduct must be a whole number from 1 to ${MAX_SCALE_VARIANTS}`);
  }
  const colours = Math.ceil(variants / SIZES.length);
  return { colours, sizes: Math.ceil(variants / colours) };
}

/** `(values (…), …)` rows of option values for SQL: option position, value position, text, translations. */
function optionValueRows(grid: { sizes: number; colours: number }) {
  const rows = [
    ...SIZES.slice(0, grid.sizes).map((size, k) => `(1, ${k + 1}, ${text(size)}, '{}'::jsonb)`),
    ...COLOURS.slice(0, grid.colours).map(
      ([colour, names], k) => `(2, ${k + 1}, ${text(colour)}, ${text(JSON.stringify(names))}::jsonb)`,
    ),
  ];
  return sql.raw(`(values ${rows.join(', ')})`);
}

/**
 * Makes the catalogue hold at least `wanted` products on sale (every shop sells the whole
 * catalogue, so a scale shop of N products needs N): the missing ones are added in one statement
 * under "More finds" (eight subcategories), with deterministic titles, platform prices of $2.99 to
 * $150.99 (most under $30), stock, and the pictures of existing products reused, so pages look as
 * they would. Adds nothing when the catalogue is big enough.
 *
 * `variantsPerProduct` (1 by default: products without options, one variant each; at most 30):
 * each added product gets the options Size (XS–2XL) and Colour (Black, White, Grey, Navy, Red,
 * translated) with as many values as that many variants need, and one variant per combination
 * (sizes slowest), as the console's editor saves them: SKU `LS-<product id>-<SIZE>-<COLOUR>`,
 * sort in grid order, its own cost (the product's base price, $1.50 more per size from XL on),
 * stock (0–59, about one in twelve sold out) and weight. Still one statement.
 */
export async function growCatalogue(
  db: AppDatabase,
  options: { wanted: number; seed: number; variantsPerProduct?: number },
): Promise<ScaleCatalogueReport> {
  const perProduct = options.variantsPerProduct ?? 1;
  const grid = variantGrid(perProduct);
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.status, 1));
  const have = row?.n ?? 0;
  if (have >= options.wanted) return { onSale: have, added: 0, variants: 0 };
  const missing = options.wanted - have;
  const [parent] = await db
    .insert(categories)
    .values({ parentId: 0, name: PARENT, sort: 900 })
    .returning({ id: categories.id });
  if (!parent) throw new Error('scale category not inserted');
  const subs = await db
    .insert(categories)
    .values(SUBCATEGORIES.map((name, i) => ({ parentId: parent.id, name, sort: i + 1 })))
    .returning({ id: categories.id });
  const subIds = sql.raw(`array[${subs.map((s) => s.id).join(', ')}]::bigint[]`);
  const r = (salt: number) => rowRandom(sql`i`, options.seed, salt);
  const made = sql`made as (
      insert into products (category_id, title, description, status, sort)
      select (${subIds})[1 + (i % ${subs.length})],
        ${textArray(ADJECTIVES)}[1 + floor(${r(1)} * ${ADJECTIVES.length})::int] || ' '
          || ${textArray(NOUNS)}[1 + floor(${r(2)} * ${NOUNS.length})::int] || ' no. ' || i,
        '', 1, 0
      from generate_series(1, ${missing}::int) as i
      returning id
    ), numbered as (
      select id, i, (3 + floor(${r(3)} * ${r(3)} * 148))::int * 100 - 1 as cost, 200 + floor(${r(4)} * 800)::int as stock
      from (select id, row_number() over (order by id) as i from made) m
    )`;
  // Without options: one variant with the product's cost and stock (all option values null).
  const simple = sql`
    with ${made}, added as (
      insert into product_variants (product_id, sku, platform_price_minor, stock)
      select id, 'LS-' || id, cost, stock from numbered
      returning product_id
    )
    select count(*)::int as products, count(*)::int as variants from added`;
  // With options: Size and Colour, their values, and a variant per combination, set-based. A
  // variant's draws are keyed by its product's number and its place in the grid (g = 1..30).
  const v = (salt: number) => rowRandom(sql`n.i * 64 + g.k`, options.seed, salt);
  const withVariants = sql`
    with ${made}, opts as (
      insert into product_options (product_id, position, name, names)
      select n.id, o.position, o.name, o.names::jsonb from numbered n
      cross join (values (1, ${SIZE.name}, ${JSON.stringify(SIZE.names)}),
        (2, ${COLOUR.name}, ${JSON.stringify(COLOUR.names)})) as o(position, name, names)
      returning id, product_id, position
    ), vals as (
      insert into product_option_values (option_id, position, value, "values")
      select opts.id, w.position, w.value, w.texts from opts
      join ${optionValueRows(grid)} as w(option, position, value, texts) on w.option = opts.position
      returning id, option_id, position, value
    ), grid as (
      select opts.product_id, opts.position as option, vals.id, vals.position, vals.value
      from vals join opts on opts.id = vals.option_id
    ), added as (
      insert into product_variants (product_id, sku, platform_price_minor, stock, weight_grams, sort, value1_id, value2_id)
      select n.id, upper('LS-' || n.id || '-' || s.value || '-' || c.value),
        n.cost + 150 * greatest(s.position - 4, 0),
        case when ${v(5)} < 0.08 then 0 else floor(${v(6)} * 60)::int end,
        180 + 40 * s.position, g.k - 1, s.id, c.id
      from numbered n
      join grid s on s.product_id = n.id and s.option = 1
      join grid c on c.product_id = n.id and c.option = 2
      cross join lateral (select (s.position - 1) * ${grid.colours} + c.position as k) g
      where g.k <= ${perProduct}
      returning product_id
    )
    select count(distinct product_id)::int as products, count(*)::int as variants from added`;
  const [added] = resultRows<{ products: number; variants: number }>(
    await db.execute(perProduct === 1 ? simple : withVariants),
  );
  // Each new product gets the picture of an existing one (round robin), file id and all.
  await db.execute(sql`
    with pictures as (
      select url, file_id, row_number() over (order by id) - 1 as k, count(*) over () as n
      from (select distinct on (product_id) id, url, file_id from product_images order by product_id, sort, id) first
    ), fresh as (
      select p.id, row_number() over (order by p.id) - 1 as k from products p
      join categories c on c.id = p.category_id where c.parent_id = ${parent.id}
    )
    insert into product_images (product_id, url, file_id, sort)
    select fresh.id, pictures.url, pictures.file_id, 0
    from fresh join pictures on pictures.k = fresh.k % pictures.n`);
  const addedProducts = added?.products ?? 0;
  return { onSale: have + addedProducts, added: addedProducts, variants: added?.variants ?? 0 };
}
