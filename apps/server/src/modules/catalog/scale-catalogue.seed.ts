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

export interface ScaleCatalogueReport {
  /** Products on sale after the run. */
  onSale: number;
  /** Products this run added. */
  added: number;
}

const textArray = (values: readonly string[]) =>
  sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}])`);

/**
 * Makes the catalogue hold at least `wanted` products on sale (every shop sells the whole
 * catalogue, so a scale shop of N products needs N): the missing ones are added in one statement
 * under "More finds" (eight subcategories), with deterministic titles, platform prices of $2.99 to
 * $150.99 (most under $30), stock, and the pictures of existing products reused, so pages look as
 * they would. Adds nothing when the catalogue is big enough.
 */
export async function growCatalogue(
  db: AppDatabase,
  options: { wanted: number; seed: number },
): Promise<ScaleCatalogueReport> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.status, 1));
  const have = row?.n ?? 0;
  if (have >= options.wanted) return { onSale: have, added: 0 };
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
  // Each product is a product without options: one variant with its cost and stock.
  const added = await db.execute(sql`
    with made as (
      insert into products (category_id, title, description, status, sort)
      select (${subIds})[1 + (i % ${subs.length})],
        ${textArray(ADJECTIVES)}[1 + floor(${r(1)} * ${ADJECTIVES.length})::int] || ' '
          || ${textArray(NOUNS)}[1 + floor(${r(2)} * ${NOUNS.length})::int] || ' no. ' || i,
        '', 1, 0
      from generate_series(1, ${missing}::int) as i
      returning id
    ), numbered as (select id, row_number() over (order by id) as i from made)
    insert into product_variants (product_id, sku, platform_price_minor, stock)
    select id, 'LS-' || id, (3 + floor(${r(3)} * ${r(3)} * 148))::int * 100 - 1, 200 + floor(${r(4)} * 800)::int
    from numbered
    returning product_id as id`);
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
  const rows = resultRows(added);
  return { onSale: have + rows.length, added: rows.length };
}
