import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { resultRows } from '../../platform/db/rows';

/**
 * The generated creator's withdrawals: on the first of each month after their first sale (until
 * `now`), one paid payout of 90 % of the profit that left its hold during the month before, less
 * the refunds taken back of those orders — so the balance never runs dry — when that is at least
 * `minimumMinor`. Paid through the sandbox to the shop's verified account. The ledger debits are
 * the earnings module's. Answers how many payouts were inserted.
 */
export async function seedScalePayouts(
  db: AppDatabase,
  options: {
    userId: number;
    shopId: number;
    receiverEmail: string;
    receiverPayerId: string;
    holdDays: number;
    minimumMinor: number;
    now: Date;
  },
): Promise<number> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  // Per order once: the month its profit left the hold (an index-free scan, no join per month).
  const result = await db.execute(sql`
    with released as (
      select date_trunc('month', (o.completed_at + make_interval(days => ${options.holdDays})) at time zone 'UTC') as month,
        o.profit_minor - coalesce(r.reversed, 0) as amount
      from orders o
      left join (select order_id, sum(profit_reversed_minor) as reversed from refunds
        where status = 'completed' group by order_id) r on r.order_id = o.id
      where o.owner_user_id = ${options.userId} and o.status = 2
    ), due as (
      select (month + interval '1 month') at time zone 'UTC' + interval '9 hours' as at,
        (sum(amount) * 9 / 10)::int as amount
      from released group by month
    )
    insert into payouts (user_id, shop_id, amount_minor, currency_code, status, sender_batch_id, trigger,
      receiver_email, receiver_payer_id, payout_batch_id, payout_item_id, provider_status, attempts,
      requested_at, settled_at, updated_at)
    select ${options.userId}, ${options.shopId}, amount, 'USD', 'paid',
      'scale-' || ${options.userId} || '-' || to_char(at, 'YYYYMM'), 'manual',
      ${options.receiverEmail}, ${options.receiverPayerId},
      'SBP-scale-' || to_char(at, 'YYYYMM'), 'SBPI-scale-' || to_char(at, 'YYYYMM'), 'SUCCESS', 1,
      at, at + interval '2 hours', at + interval '2 hours'
    from due where amount >= ${options.minimumMinor} and at + interval '2 hours' < ${now}
    order by at
    returning id`);
  return resultRows(result).length;
}
