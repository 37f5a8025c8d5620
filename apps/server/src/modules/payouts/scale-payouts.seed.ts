import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';

/**
 * The generated creator's withdrawals: on the first of each month after their first sale (until
 * `now`), one paid payout of 90 % of the profit that left its hold during the month before, less
 * the refunds taken back of those orders — so the balance never runs dry — when that is at least
 * `minimumCents`. Paid through the sandbox to the shop's verified account. The ledger debits are
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
    minimumCents: number;
    now: Date;
  },
): Promise<number> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const released = sql`(o.completed_at + make_interval(days => ${options.holdDays}))`;
  const result = await db.execute(sql`
    with months as (
      select m as starts, m + interval '1 month' as ends
      from generate_series(
        date_trunc('month', (select min(paid_at) from orders where owner_user_id = ${options.userId}) at time zone 'UTC'),
        date_trunc('month', ${now} at time zone 'UTC') - interval '1 month', interval '1 month') as m
    ), due as (
      select months.ends at time zone 'UTC' + interval '9 hours' as at,
        (sum(o.profit_minor - coalesce(r.reversed, 0)) * 9 / 10)::int as amount
      from months
      join orders o on o.owner_user_id = ${options.userId} and o.status = 2
        and ${released} >= months.starts at time zone 'UTC' and ${released} < months.ends at time zone 'UTC'
      left join (select order_id, sum(profit_reversed_minor) as reversed from refunds
        where status = 'completed' group by order_id) r on r.order_id = o.id
      group by months.ends
    )
    insert into payouts (user_id, shop_id, amount_minor, currency_code, status, sender_batch_id, trigger,
      receiver_email, receiver_payer_id, payout_batch_id, payout_item_id, provider_status, attempts,
      requested_at, settled_at, updated_at)
    select ${options.userId}, ${options.shopId}, amount, 'USD', 'paid',
      'scale-' || ${options.userId} || '-' || to_char(at, 'YYYYMM'), 'auto',
      ${options.receiverEmail}, ${options.receiverPayerId},
      'SBP-scale-' || to_char(at, 'YYYYMM'), 'SBPI-scale-' || to_char(at, 'YYYYMM'), 'SUCCESS', 1,
      at, at + interval '2 hours', at + interval '2 hours'
    from due where amount >= ${options.minimumCents} and at + interval '2 hours' < ${now}
    order by at
    returning id`);
  return (result as { rows: unknown[] }).rows.length;
}
