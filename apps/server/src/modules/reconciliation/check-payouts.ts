import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import type { ReconciliationDifference } from './reconciliation.table';
import { difference, num } from './reconcile-sql';
import { queryRows } from '../../platform/db/rows';

/** payout / payout_return: one debit of −amount per payout, one return of +amount iff returned. */
export async function checkPayouts(db: AppDatabase): Promise<ReconciliationDifference[]> {
  const found: ReconciliationDifference[] = [];
  // ── payouts ──────────────────────────────────────────────────────────────────────────────
  const payoutRows = await queryRows<{
    payout_id: string | null;
    owner: string | null;
    status: string | null;
    amount: string;
    debits: string;
    debited: string;
    returns: string;
    returned: string;
    users_ok: boolean | null;
  }>(
    db,
    sql`
    select p.id::text as payout_id, p.user_id::text as owner, p.status, p.amount_minor::text as amount,
      count(le.id) filter (where le.kind = 'payout')::text as debits,
      coalesce(sum(le.amount_minor) filter (where le.kind = 'payout'), 0)::text as debited,
      count(le.id) filter (where le.kind = 'payout_return')::text as returns,
      coalesce(sum(le.amount_minor) filter (where le.kind = 'payout_return'), 0)::text as returned,
      coalesce(bool_and(le.user_id = p.user_id), true) as users_ok
    from payouts p
    left join ledger_entries le on le.payout_id = p.id and le.kind in ('payout', 'payout_return')
    group by p.id
    having count(le.id) filter (where le.kind = 'payout') <> 1
      or coalesce(sum(le.amount_minor) filter (where le.kind = 'payout'), 0) <> -p.amount_minor
      or count(le.id) filter (where le.kind = 'payout_return') <> (case when p.status = 'returned' then 1 else 0 end)
      or coalesce(sum(le.amount_minor) filter (where le.kind = 'payout_return'), 0)
        <> (case when p.status = 'returned' then p.amount_minor else 0 end)
      or not coalesce(bool_and(le.user_id = p.user_id), true)
    union all
    select le.payout_id::text, le.user_id::text, null, '0',
      (case when le.kind = 'payout' then 1 else 0 end)::text, (case when le.kind = 'payout' then le.amount_minor else 0 end)::text,
      (case when le.kind = 'payout' then 0 else 1 end)::text, (case when le.kind = 'payout' then 0 else le.amount_minor end)::text,
      null
    from ledger_entries le
    where le.kind in ('payout', 'payout_return') and (le.payout_id is null
      or not exists (select 1 from payouts p where p.id = le.payout_id))`,
  );
  for (const p of payoutRows) {
    const at = { userId: p.owner, payoutId: p.payout_id };
    if (p.status === null) {
      found.push(
        difference(
          num(p.debits) > 0 ? 'payout' : 'payout_return',
          at,
          0,
          num(p.debited) + num(p.returned),
          `a payout entry of ${num(p.debited) + num(p.returned)} without its payout`,
        ),
      );
      continue;
    }
    const amount = num(p.amount);
    const other = p.users_ok === false ? ' (an entry is another creator’s)' : '';
    if (num(p.debits) !== 1 || num(p.debited) !== -amount || p.users_ok === false) {
      found.push(
        difference(
          'payout',
          at,
          -amount,
          num(p.debited),
          `payout ${p.payout_id} (${p.status}) of ${amount}: ${p.debits} debits of ${p.debited}${other}; expected one of ${-amount}`,
        ),
      );
    }
    const wantReturn = p.status === 'returned';
    if (num(p.returns) !== (wantReturn ? 1 : 0) || num(p.returned) !== (wantReturn ? amount : 0)) {
      found.push(
        difference(
          'payout_return',
          at,
          wantReturn ? amount : 0,
          num(p.returned),
          `payout ${p.payout_id} (${p.status}) of ${amount}: ${p.returns} returns of ${p.returned}; expected ${wantReturn ? `one of ${amount}` : 'none'}`,
        ),
      );
    }
  }
  return found;
}
