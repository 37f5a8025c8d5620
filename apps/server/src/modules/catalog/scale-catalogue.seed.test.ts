import { ZProductVariantsRequest } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../platform/db/database';
import { queryRows } from '../../platform/db/rows';
import { withTransaction } from '../../platform/db/transaction';
import { useTestDatabase } from '../../test/helper';
import { growCatalogue, MAX_SCALE_VARIANTS, variantGrid } from './scale-catalogue.seed';
import { getProductVariants, saveProductVariants } from './variants.service';

const database = useTestDatabase();

/** The products the generator added: those under "More finds". */
const ADDED = sql`select p.id from products p join categories c on c.id = p.category_id
  join categories parent on parent.id = c.parent_id where parent.name = 'More finds'`;

async function one<T>(db: AppDatabase, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}

/** What was generated, without ids (they differ between databases): for comparing two runs. */
const fingerprint = (db: AppDatabase) =>
  one<{ products: string; variants: string }>(
    db,
    sql`select
      (select md5(string_agg(p.title, ',' order by p.id)) from products p where p.id in (${ADDED})) as products,
      (select md5(string_agg(regexp_replace(v.sku, '^LS-[0-9]+', '') || v.platform_price_minor || ':' || v.stock
        || ':' || v.weight_grams || ':' || v.sort, ',' order by v.product_id, v.sort))
        from product_variants v where v.product_id in (${ADDED})) as variants`,
  );

class Undo extends Error {}

/**
 * Runs `work` in a transaction rolled back afterwards, answering what it returned: every
 * generation here starts from the same catalogue, in the one test database (opening more costs
 * seconds each on a busy machine).
 */
async function thenUndone<T>(work: (db: AppDatabase) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await withTransaction(database(), async (tx) => {
    result = { value: await work(tx) };
    throw new Undo();
  }).catch((error: unknown) => {
    if (!(error instanceof Undo)) throw error;
  });
  if (!result) throw new Error('no result');
  return result.value;
}

describe('variantGrid', () => {
  it('holds exactly the wanted combinations, every value used', () => {
    expect(variantGrid(30)).toEqual({ sizes: 6, colours: 5 });
    expect(variantGrid(1)).toEqual({ sizes: 1, colours: 1 });
    expect(variantGrid(7)).toEqual({ sizes: 4, colours: 2 });
    for (let n = 1; n <= MAX_SCALE_VARIANTS; n += 1) {
      const { sizes, colours } = variantGrid(n);
      expect(sizes * colours).toBeGreaterThanOrEqual(n);
      // The last size has at least one colour: no value is left without a variant.
      expect((sizes - 1) * colours).toBeLessThan(n);
    }
    expect(() => variantGrid(0)).toThrow();
    expect(() => variantGrid(31)).toThrow();
  });
});

describe('growCatalogue with variants', () => {
  it('adds products with Size × Colour and one variant per combination, set-based', () =>
    thenUndone(async (db) => {
      const before = await one<{ n: number }>(
        db,
        sql`select count(*)::int as n from products where status = 1`,
      );
      const report = await growCatalogue(db, { wanted: before.n + 40, seed: 5, variantsPerProduct: 30 });
      expect(report).toEqual({ onSale: before.n + 40, added: 40, variants: 1_200 });

      const counts = await one<Record<string, number>>(
        db,
        sql`select
        (select count(*)::int from product_options where product_id in (${ADDED})) as options,
        (select count(*)::int from product_option_values w join product_options o on o.id = w.option_id
          where o.product_id in (${ADDED})) as "values",
        (select count(*)::int from product_variants where product_id in (${ADDED})) as variants,
        (select count(*)::int from (select product_id from product_variants where product_id in (${ADDED})
          group by product_id having count(*) <> 30) x) as "notThirty",
        (select count(*)::int from product_variants) - (select count(distinct lower(sku))::int from product_variants) as "skusTwice",
        (select count(*)::int from (select product_id, value1_id, value2_id from product_variants
          where product_id in (${ADDED}) group by 1, 2, 3 having count(*) > 1) x) as "combinationsTwice",
        -- Each variant names a value of its own product's Size (1) and Colour (2), and no third.
        (select count(*)::int from product_variants v
          left join product_option_values a on a.id = v.value1_id
          left join product_options ao on ao.id = a.option_id
          left join product_option_values b on b.id = v.value2_id
          left join product_options bo on bo.id = b.option_id
          where v.product_id in (${ADDED}) and (ao.product_id is distinct from v.product_id or ao.position <> 1
            or bo.product_id is distinct from v.product_id or bo.position <> 2 or v.value3_id is not null)) as "foreignValues",
        (select count(*)::int from product_variants where product_id in (${ADDED}) and stock = 0) as "soldOut",
        (select count(*)::int from product_variants where product_id in (${ADDED})
          and (platform_price_minor <= 0 or stock < 0 or status <> 1)) as "badRows"`,
      );
      expect(counts).toMatchObject({
        options: 80,
        values: 40 * 11,
        variants: 1_200,
        notThirty: 0,
        skusTwice: 0,
        combinationsTwice: 0,
        foreignValues: 0,
        badRows: 0,
      });
      // About one in twelve sold out: the storefront's crossed-out sizes have something to show.
      expect(counts.soldOut).toBeGreaterThan(40);
      expect(counts.soldOut).toBeLessThan(200);

      // The console reads a product as its editor would have saved it, and saving that back keeps
      // every row (same ids, same values): the generated rows are what the editor writes.
      const [first] = await queryRows<{ id: number }>(db, sql`${ADDED} order by p.id limit 1`);
      const product = await getProductVariants(db, first?.id ?? 0);
      expect(product.options.map((o) => [o.name, o.names.fr, o.values.length])).toEqual([
        ['Size', 'Taille', 6],
        ['Colour', 'Couleur', 5],
      ]);
      expect(product.options[1]?.values[0]).toMatchObject({ value: 'Black', values: { 'zh-cn': '黑色' } });
      expect(product.variants.slice(0, 6).map((v) => v.label)).toEqual([
        'XS / Black',
        'XS / White',
        'XS / Grey',
        'XS / Navy',
        'XS / Red',
        'S / Black',
      ]);
      expect(product.variants[0]?.sku).toBe(`LS-${first?.id}-XS-BLACK`);
      // Larger sizes cost more: XL $1.50 more than L, 2XL $3 more.
      const cost = (label: string) =>
        product.variants.find((v) => v.label === label)?.platformPriceMinor ?? 0;
      expect(cost('XL / Red') - cost('L / Red')).toBe(150);
      expect(cost('2XL / Red') - cost('L / Red')).toBe(300);
      expect(cost('XS / Red')).toBe(cost('L / Black'));
      const form = ZProductVariantsRequest.parse({
        options: product.options.map(({ name, names, values }) => ({
          name,
          names,
          values: values.map(({ value, values: texts }) => ({ value, values: texts })),
        })),
        variants: product.variants.map(({ label: _label, ...variant }) => variant),
      });
      expect(await saveProductVariants(db, first?.id ?? 0, form)).toEqual(product);
    }));

  it('makes fewer variants per product with every value used, and the same seed the same data', async () => {
    const runs = [];
    for (let run = 0; run < 2; run += 1) {
      runs.push(
        await thenUndone(async (db) => {
          const before = await one<{ n: number }>(
            db,
            sql`select count(*)::int as n from products where status = 1`,
          );
          const report = await growCatalogue(db, { wanted: before.n + 12, seed: 9, variantsPerProduct: 7 });
          const shape = await one<{ values: number; unused: number; per: string }>(
            db,
            sql`select
              (select count(*)::int from product_option_values w join product_options o on o.id = w.option_id
                where o.product_id in (${ADDED})) as "values",
              (select count(*)::int from product_option_values w join product_options o on o.id = w.option_id
                where o.product_id in (${ADDED}) and not exists (select 1 from product_variants v
                  where v.value1_id = w.id or v.value2_id = w.id)) as unused,
              (select string_agg(distinct n::text, ',') from (select count(*) as n from product_variants
                where product_id in (${ADDED}) group by product_id) x) as per`,
          );
          return { report, shape, fingerprint: await fingerprint(db) };
        }),
      );
    }
    expect(runs[0]?.report).toMatchObject({ added: 12, variants: 84 });
    // 4 sizes × 2 colours, the last size in one colour only.
    expect(runs[0]?.shape).toEqual({ values: 12 * 6, unused: 0, per: '7' });
    expect(runs[1]?.fingerprint).toEqual(runs[0]?.fingerprint);
  });

  it('without variantsPerProduct adds products without options, one variant each', () =>
    thenUndone(async (db) => {
      const before = await one<{ n: number }>(
        db,
        sql`select count(*)::int as n from products where status = 1`,
      );
      const report = await growCatalogue(db, { wanted: before.n + 5, seed: 3 });
      expect(report).toEqual({ onSale: before.n + 5, added: 5, variants: 5 });
      const shape = await one<{ options: number; variants: number; plain: number }>(
        db,
        sql`select
          (select count(*)::int from product_options where product_id in (${ADDED})) as options,
          (select count(*)::int from product_variants where product_id in (${ADDED})) as variants,
          (select count(*)::int from product_variants where product_id in (${ADDED})
            and sku = 'LS-' || product_id and value1_id is null) as plain`,
      );
      expect(shape).toEqual({ options: 0, variants: 5, plain: 5 });
      expect(await growCatalogue(db, { wanted: before.n + 5, seed: 3 })).toMatchObject({ added: 0 });
    }));
});
