import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../platform/db/database';
import { getMyEarnings } from '../modules/earnings/earnings.service';
import { readPayoutRules } from '../modules/earnings/payout-rules';
import { reconcile } from '../modules/reconciliation/reconciliation.api';

/**
 * The money invariants every test database must keep (decision 0025), checked when a test file
 * closes its app — so the whole server suite ends checked, on PGlite and on PostgreSQL alike:
 *
 * - for every creator, what the earnings page shows adds up to the raw ledger, to the cent:
 *   available + pending + in flight = Σ credits − Σ debits (debits of payouts still in flight are
 *   not settled yet), and paid out = Σ debits of paid payouts;
 * - every payout has exactly one debit of its amount; a returned payout exactly one return of it,
 *   any other none;
 * - a buyer's paid order has at most one sale credit and never more than its profit; an order the
 *   creator paid themselves (b-side) has none;
 * - every completed refund has exactly one ledger reversal, of −its profit_reversed_minor, on the
 *   order's owner; a pending or failed refund none; an order's reversals never exceed its sale
 *   credit; a payment's refunded_minor is Σ of its refunds that did not fail (decision 0027).
 *
 * Written in plain SQL, apart from the code it checks; answers the violations found (empty: none).
 */
export async function ledgerViolations(app: FastifyInstance, db: AppDatabase): Promise<string[]> {
  const problems: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    // Both drivers answer `{ rows }`; the shared database type does not say so.
    const result: unknown = await db.execute(query);
    return (result as { rows: T[] }).rows;
  };

  const creators = await rows<{ user_id: string; credits: string; debits: string; paid_out: string }>(sql`
    select le.user_id::text as user_id,
      coalesce(sum(le.amount_minor) filter (where le.kind <> 'purchase' and le.amount_minor > 0), 0)::text as credits,
      coalesce(sum(-le.amount_minor) filter (where le.kind <> 'purchase' and le.amount_minor < 0
        and (p.status is null or p.status not in ('requested', 'processing'))), 0)::text as debits,
      coalesce(sum(-le.amount_minor) filter (where le.kind = 'payout' and p.status = 'paid'), 0)::text as paid_out
    from ledger_entries le
    left join payouts p on p.id = le.payout_id
    group by le.user_id`);
  const rules = readPayoutRules((key) => app.configValues.get(key));
  for (const creator of creators) {
    const shown = await getMyEarnings(db, rules, Number(creator.user_id));
    const expected = Number(creator.credits) - Number(creator.debits);
    const sum = shown.availableCents + shown.pendingCents + shown.inFlightCents;
    if (sum !== expected) {
      problems.push(
        `user ${creator.user_id}: available ${shown.availableCents} + pending ${shown.pendingCents} + in flight ${shown.inFlightCents} = ${sum}, ledger says ${expected}`,
      );
    }
    if (shown.paidOutCents !== Number(creator.paid_out)) {
      problems.push(
        `user ${creator.user_id}: paid out ${shown.paidOutCents}, ledger says ${creator.paid_out}`,
      );
    }
  }

  const payoutProblems = await rows<{ id: string; status: string; debits: string; returns: string }>(sql`
    select p.id::text as id, p.status,
      (select count(*) from ledger_entries d where d.payout_id = p.id and d.kind = 'payout'
        and d.amount_minor = -p.amount_minor and d.user_id = p.user_id)::text as debits,
      (select count(*) from ledger_entries r where r.payout_id = p.id and r.kind = 'payout_return'
        and r.amount_minor = p.amount_minor and r.user_id = p.user_id)::text as returns
    from payouts p`);
  for (const payout of payoutProblems) {
    const wantReturns = payout.status === 'returned' ? 1 : 0;
    if (Number(payout.debits) !== 1 || Number(payout.returns) !== wantReturns) {
      problems.push(
        `payout ${payout.id} (${payout.status}): ${payout.debits} debits and ${payout.returns} returns of its amount`,
      );
    }
  }
  const strayPayoutRows = await rows<{ id: string }>(sql`
    select le.id::text as id from ledger_entries le
    left join payouts p on p.id = le.payout_id
    where le.kind in ('payout', 'payout_return') and (p.id is null or p.user_id <> le.user_id
      or (le.kind = 'payout' and le.amount_minor <> -p.amount_minor)
      or (le.kind = 'payout_return' and le.amount_minor <> p.amount_minor))`);
  for (const row of strayPayoutRows)
    problems.push(`ledger entry ${row.id}: a payout entry without its payout`);

  const saleProblems = await rows<{
    order_no: string;
    side: string;
    credits: string;
    credited: string;
    profit: number;
  }>(sql`
    select o.order_no, o.side, count(le.id)::text as credits,
      coalesce(sum(le.amount_minor), 0)::text as credited, o.profit_minor as profit
    from orders o
    join ledger_entries le on le.order_id = o.id and le.kind = 'sale'
    group by o.id
    having o.side = 'b' or count(le.id) > 1 or sum(le.amount_minor) > o.profit_minor or min(le.user_id) <> o.owner_user_id`);
  for (const sale of saleProblems) {
    problems.push(
      `order ${sale.order_no} (${sale.side}-side): ${sale.credits} sale credits of ${sale.credited}, profit ${sale.profit}`,
    );
  }

  const refundProblems = await rows<{ id: string; status: string; entries: string; matching: string }>(sql`
    select r.id::text as id, r.status,
      (select count(*) from ledger_entries le where le.refund_id = r.id)::text as entries,
      (select count(*) from ledger_entries le join orders o on o.id = r.order_id
        where le.refund_id = r.id and le.kind = 'refund' and le.order_id = r.order_id
        and le.user_id = o.owner_user_id and le.amount_minor = -r.profit_reversed_minor)::text as matching
    from refunds r`);
  for (const refund of refundProblems) {
    const want = refund.status === 'completed' ? 1 : 0;
    if (Number(refund.entries) !== want || Number(refund.matching) !== want) {
      problems.push(
        `refund ${refund.id} (${refund.status}): ${refund.entries} ledger entries, ${refund.matching} of its reversal`,
      );
    }
  }
  const strayRefundRows = await rows<{ id: string }>(sql`
    select le.id::text as id from ledger_entries le
    where (le.kind = 'refund') <> (le.refund_id is not null)
      or (le.kind = 'refund' and le.amount_minor > 0)`);
  for (const row of strayRefundRows)
    problems.push(`ledger entry ${row.id}: a refund entry without its refund`);
  const overReversed = await rows<{ order_no: string; credited: string; reversed: string }>(sql`
    select o.order_no,
      coalesce(sum(le.amount_minor) filter (where le.kind = 'sale'), 0)::text as credited,
      coalesce(sum(-le.amount_minor) filter (where le.kind = 'refund'), 0)::text as reversed
    from orders o join ledger_entries le on le.order_id = o.id
    group by o.id
    having coalesce(sum(-le.amount_minor) filter (where le.kind = 'refund'), 0)
      > coalesce(sum(le.amount_minor) filter (where le.kind = 'sale'), 0)`);
  for (const order of overReversed) {
    problems.push(
      `order ${order.order_no}: refunds reversed ${order.reversed} of a ${order.credited} credit`,
    );
  }
  const reservations = await rows<{ id: string; refunded: number; refunds: string }>(sql`
    select p.id::text as id, p.refunded_minor as refunded,
      (select coalesce(sum(r.amount_minor), 0) from refunds r
        where r.payment_id = p.id and r.status <> 'failed')::text as refunds
    from payments p
    where p.refunded_minor <> (select coalesce(sum(r.amount_minor), 0) from refunds r
      where r.payment_id = p.id and r.status <> 'failed')`);
  for (const payment of reservations) {
    problems.push(`payment ${payment.id}: refunded ${payment.refunded}, its refunds say ${payment.refunds}`);
  }
  // The reconciliation job's checks (issue 14): 0 differences after every test file.
  const reconciled = await reconcile(db, rules);
  for (const d of reconciled.differences) problems.push(`reconciliation ${d.check}: ${d.detail}`);
  return problems;
}
