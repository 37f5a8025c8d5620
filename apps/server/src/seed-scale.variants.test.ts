import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readPayoutRules } from './modules/earnings/payout-rules';
import { reconcile } from './modules/reconciliation/reconcile';
import { queryRows } from './platform/db/rows';
import { runScaleSeed } from './seed-scale';
import { openTestDatabase } from './test/helper';

describe('the scale shop with variants', () => {
  it('generates products of 30 variants whose orders, payments and ledger reconcile', async () => {
    const opened = await openTestDatabase();
    try {
      const db = opened.database.db;
      const [catalogue] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from products where status = 1`,
      );
      const report = await runScaleSeed(db, {
        products: (catalogue?.n ?? 0) + 20,
        orders: 300,
        variants: 30,
        seed: 4,
        password: 'Scale-pass-2026',
      });
      expect(report.products.added).toBe(20);
      expect(report.variants).toBe(600);
      expect(report.orders).toBe(300);
      // Order lines name a variant of their product, frozen with its SKU.
      const [lines] = await queryRows<{ bad: number; of_generated: number }>(
        db,
        sql`select count(*) filter (where v.product_id is distinct from i.product_id or v.sku <> i.sku)::int as bad,
          count(*) filter (where v.sku like 'LS-%-%-%')::int as of_generated
        from order_items i left join product_variants v on v.id = i.variant_id`,
      );
      expect(lines?.bad).toBe(0);
      expect(lines?.of_generated).toBeGreaterThan(0);
      const { differences } = await reconcile(
        db,
        readPayoutRules(() => undefined),
      );
      expect(differences).toEqual([]);
    } finally {
      await opened.database.close();
      await opened.drop();
    }
  }, 180_000);
});
