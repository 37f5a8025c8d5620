import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { resultRows } from '../../platform/db/rows';

/**
 * The ledger rows the real flows write for the generated orders (ids `firstId`..`lastId`), set-based:
 * one sale credit of its profit per paid buyer's order, dated when it was paid (`markPaid`); one
 * reversal of −its profit share per completed refund of them, dated when it completed
 * (`reverseSale`); one debit of −amount per payout of `userId` without one yet, dated when it was
 * requested (`debitPayout`). The dashboard's roll-ups count the sales and reversals in one
 * statement (as the ledger's trigger would, one by one). Answers how many entries were inserted.
 */
export async function seedScaleLedger(
  db: AppDatabase,
  options: { firstId: number; lastId: number; userId: number },
): Promise<number> {
  const count = (result: unknown) => resultRows(result).length;
  // The dashboard's roll-ups counted once for all the entries below (migration 0027), not by the
  // trigger per entry; SET LOCAL lasts until the transaction ends.
  await db.execute(sql`set local linkstore.bulk_rollups = 'on'`);
  const sales = await db.execute(sql`
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, created_at)
    select owner_user_id, shop_id, 'sale', profit_minor, currency_code, id, paid_at
    from orders
    where id between ${options.firstId} and ${options.lastId} and side = 'c' and status in (1, 2)
    order by paid_at, id
    returning id`);
  const reversals = await db.execute(sql`
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, refund_id, created_at)
    select o.owner_user_id, o.shop_id, 'refund', -r.profit_reversed_minor, r.currency_code, o.id, r.id, r.completed_at
    from refunds r join orders o on o.id = r.order_id
    where o.id between ${options.firstId} and ${options.lastId} and r.status = 'completed'
    order by r.completed_at, r.id
    returning id`);
  const debits = await db.execute(sql`
    insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, payout_id, created_at)
    select p.user_id, p.shop_id, 'payout', -p.amount_minor, p.currency_code, p.id, p.requested_at
    from payouts p
    where p.user_id = ${options.userId}
      and not exists (select 1 from ledger_entries le where le.kind = 'payout' and le.payout_id = p.id)
    order by p.requested_at, p.id
    returning id`);
  // The new entries' ids (a range: the generator runs alone, in one transaction).
  let firstEntry = Number.MAX_SAFE_INTEGER;
  let lastEntry = -1;
  for (const result of [sales, reversals]) {
    for (const row of resultRows<{ id: unknown }>(result)) {
      firstEntry = Math.min(firstEntry, Number(row.id));
      lastEntry = Math.max(lastEntry, Number(row.id));
    }
  }
  await db.execute(sql`
    select linkstore_rollup_ledger(${firstEntry}::bigint, ${lastEntry}::bigint)
    where current_setting('linkstore.bulk_rollups', true) = 'on'`);
  await db.execute(sql`set local linkstore.bulk_rollups = 'off'`);
  return count(sales) + count(reversals) + count(debits);
}
