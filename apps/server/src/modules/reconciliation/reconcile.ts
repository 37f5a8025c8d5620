import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { queryRows } from '../../platform/db/rows';
import { getMyEarnings, readPayoutRules, type PayoutRules } from '../earnings/earnings.api';
import type { ReconciliationDifference } from './reconciliation.table';

/** What a reconciliation found: every difference (expected none), what it compared. */
export interface Reconciliation {
  differences: ReconciliationDifference[];
  creatorsChecked: number;
  /** The totals compared, ledger and sources side by side, in US cents. */
  totals: Record<string, number>;
}

/**
 * A payment whose capture moved money (a refund may have changed its status since). The sale of
 * a buyer's order paid with one must be in the ledger.
 */
const CAPTURED = sql.raw(`('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED')`);

const num = (value: string | number | boolean | null | undefined): number => Number(value ?? 0);

function difference(
  check: string,
  at: { userId?: unknown; orderNo?: unknown; payoutId?: unknown; refundId?: unknown },
  expectedMinor: number,
  actualMinor: number,
  detail: string,
): ReconciliationDifference {
  const idOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    check,
    userId: idOf(at.userId),
    orderNo: typeof at.orderNo === 'string' ? at.orderNo : null,
    payoutId: idOf(at.payoutId),
    refundId: idOf(at.refundId),
    expectedMinor,
    actualMinor,
    detail,
  };
}

/**
 * Compares the creators' ledger with its sources, per order, refund, payout and creator and in
 * total, in plain SQL apart from the earnings page's own figures (the code it checks). Read only;
 * answers every difference found — the expected number is 0 (decision 0025, docs/operations.md
 * "Reconciliation"):
 *
 * - sale: a buyer's (c-side) paid order (status 1/2) with a captured payment has exactly one sale
 *   credit of its profit to its owner; any sale credit is of a paid c-side order, once, of its
 *   profit, to its owner (unpaid and b-side orders have none);
 * - capture: a captured payment took the total of a paid c-side order, in its currency (unless an
 *   operator accepted the difference: the order's flag resolved 'accept');
 * - payment_refunded: a payment's refunded amount is the sum of its refunds not failed, and never
 *   more than captured;
 * - refund: a completed refund has exactly one 'refund' entry of −its profit share, to the order's
 *   owner; a pending or failed one none; refund_total: an order's reversals never exceed its sale
 *   credit and equal it once the order is fully refunded;
 * - payout / payout_return: one debit of −amount per payout, one return of +amount iff returned;
 * - balance / paid_out, per creator: what the earnings page shows adds up to the ledger
 *   (available + pending + in flight = Σ credits − Σ settled debits) and to the sources (sales −
 *   refunds − payouts + returns + adjustments); paid out = Σ paid payouts;
 * - total: the same sums across all creators.
 */
export async function reconcile(
  db: AppDatabase,
  rules: PayoutRules = readPayoutRules(() => undefined),
  now = new Date(),
): Promise<Reconciliation> {
  const found: ReconciliationDifference[] = [];

  // ── sales ────────────────────────────────────────────────────────────────────────────────
  const sales = await queryRows<{
    order_no: string | null;
    order_id: string | null;
    owner: string | null;
    side: string | null;
    status: number | null;
    profit: string | null;
    captured: boolean;
    credits: string;
    credited: string;
    users_ok: boolean | null;
  }>(
    db,
    sql`
    with credits as (
      select order_id, count(*) as n, sum(amount_minor)::bigint as amount,
        min(user_id) as min_user, max(user_id) as max_user
      from ledger_entries where kind = 'sale' group by order_id
    )
    select o.order_no, coalesce(o.id, c.order_id)::text as order_id, o.owner_user_id::text as owner,
      o.side, o.status, o.profit_minor::text as profit, (p.id is not null) as captured,
      coalesce(c.n, 0)::text as credits, coalesce(c.amount, 0)::text as credited,
      (c.min_user = o.owner_user_id and c.max_user = o.owner_user_id) as users_ok
    from orders o
    left join credits c on c.order_id = o.id
    left join payments p on p.order_id = o.id and p.status in ${CAPTURED}
    where (c.order_id is not null and (o.side <> 'c' or o.status not in (1, 2)))
      or (o.side = 'c' and o.status in (1, 2) and (
        (p.id is not null and coalesce(c.n, 0) <> 1)
        or coalesce(c.n, 0) > 1
        or (c.n > 0 and (c.amount <> o.profit_minor or c.min_user <> o.owner_user_id
          or c.max_user <> o.owner_user_id))))
    union all
    select null, c.order_id::text, null, null, null, null, false, c.n::text, c.amount::text, null
    from credits c where c.order_id is null or not exists (select 1 from orders o where o.id = c.order_id)`,
  );
  for (const s of sales) {
    const at = { userId: s.owner, orderNo: s.order_no };
    if (s.side === null) {
      found.push(
        difference(
          'sale',
          at,
          0,
          num(s.credited),
          `sale credits of order id ${s.order_id ?? '—'}, which does not exist`,
        ),
      );
    } else if (s.side !== 'c' || s.status === null || s.status === 0) {
      found.push(
        difference(
          'sale',
          at,
          0,
          num(s.credited),
          `order ${s.order_no} (${s.side}-side, status ${s.status}) has ${s.credits} sale credits; expected none`,
        ),
      );
    } else {
      found.push(
        difference(
          'sale',
          at,
          num(s.profit),
          num(s.credited),
          `order ${s.order_no}: ${s.credits} sale credits of ${s.credited}${s.users_ok === false ? ' (to another creator)' : ''}; expected one of its profit ${s.profit}`,
        ),
      );
    }
  }

  // ── captures and what payments say was refunded ──────────────────────────────────────────
  const captures = await queryRows<{
    payment_id: string;
    order_no: string;
    owner: string;
    captured: string | null;
    total: string;
    side: string;
    status: number;
  }>(
    db,
    sql`
    select p.id::text as payment_id, o.order_no, o.owner_user_id::text as owner,
      p.captured_minor::text as captured, o.total_minor::text as total, o.side, o.status
    from payments p join orders o on o.id = p.order_id
    where p.status in ${CAPTURED} and o.flag_resolution is distinct from 'accept'
      and (p.captured_minor is distinct from o.total_minor
      or p.captured_currency is distinct from o.currency_code or o.side <> 'c' or o.status not in (1, 2))`,
  );
  for (const c of captures) {
    found.push(
      difference(
        'capture',
        { userId: c.owner, orderNo: c.order_no },
        num(c.total),
        num(c.captured),
        `payment ${c.payment_id} of order ${c.order_no} (${c.side}-side, status ${c.status}) captured ${c.captured ?? 'nothing'}; the order's total is ${c.total}`,
      ),
    );
  }

  const refundedRows = await queryRows<{
    payment_id: string;
    order_no: string;
    owner: string;
    refunded: string;
    captured: string;
    refunds: string;
  }>(
    db,
    sql`
    select p.id::text as payment_id, o.order_no, o.owner_user_id::text as owner,
      p.refunded_minor::text as refunded, coalesce(p.captured_minor, 0)::text as captured,
      coalesce(sum(r.amount_minor) filter (where r.status <> 'failed'), 0)::text as refunds
    from payments p
    join orders o on o.id = p.order_id
    left join refunds r on r.payment_id = p.id
    group by p.id, o.id
    having p.refunded_minor <> coalesce(sum(r.amount_minor) filter (where r.status <> 'failed'), 0)
      or p.refunded_minor > coalesce(p.captured_minor, 0)`,
  );
  for (const r of refundedRows) {
    found.push(
      difference(
        'payment_refunded',
        { userId: r.owner, orderNo: r.order_no },
        num(r.refunds),
        num(r.refunded),
        `payment ${r.payment_id} of order ${r.order_no} says ${r.refunded} refunded of ${r.captured} captured; its refunds not failed add up to ${r.refunds}`,
      ),
    );
  }

  // ── refunds ──────────────────────────────────────────────────────────────────────────────
  const refundRows = await queryRows<{
    refund_id: string | null;
    status: string | null;
    order_no: string | null;
    owner: string | null;
    reversed: string;
    entries: string;
    amount: string;
  }>(
    db,
    sql`
    select r.id::text as refund_id, r.status, o.order_no, o.owner_user_id::text as owner,
      r.profit_reversed_minor::text as reversed, count(le.id)::text as entries,
      coalesce(sum(le.amount_minor), 0)::text as amount
    from refunds r
    join orders o on o.id = r.order_id
    left join ledger_entries le on le.refund_id = r.id and le.kind = 'refund'
    group by r.id, o.id
    having (r.status = 'completed' and (count(le.id) <> 1
        or coalesce(sum(le.amount_minor), 0) <> -r.profit_reversed_minor
        or bool_or(le.user_id <> o.owner_user_id or le.order_id is distinct from r.order_id)))
      or (r.status <> 'completed' and count(le.id) > 0)
    union all
    select le.refund_id::text, null, null, le.user_id::text, '0', '1', le.amount_minor::text
    from ledger_entries le
    where le.kind = 'refund' and (le.refund_id is null
      or not exists (select 1 from refunds r where r.id = le.refund_id))`,
  );
  for (const r of refundRows) {
    const at = { userId: r.owner, orderNo: r.order_no, refundId: r.refund_id };
    if (r.status === null) {
      found.push(
        difference('refund', at, 0, num(r.amount), `a refund entry of ${r.amount} without its refund`),
      );
    } else {
      const expected = r.status === 'completed' ? -num(r.reversed) : 0;
      found.push(
        difference(
          'refund',
          at,
          expected,
          num(r.amount),
          `refund ${r.refund_id} (${r.status}) of order ${r.order_no}: ${r.entries} refund entries of ${r.amount}; expected ${r.status === 'completed' ? `one of ${expected}` : 'none'}`,
        ),
      );
    }
  }

  const refundTotals = await queryRows<{
    order_no: string;
    owner: string;
    sale: string;
    reversed: string;
    refunded: string;
    captured: string | null;
  }>(
    db,
    sql`
    with sale as (select order_id, sum(amount_minor) as amount from ledger_entries
        where kind = 'sale' group by order_id),
      reversal as (select order_id, -sum(amount_minor) as amount from ledger_entries
        where kind = 'refund' group by order_id),
      refunded as (select order_id, sum(amount_minor) as amount from refunds
        where status = 'completed' group by order_id)
    select o.order_no, o.owner_user_id::text as owner, coalesce(s.amount, 0)::text as sale,
      coalesce(v.amount, 0)::text as reversed, coalesce(f.amount, 0)::text as refunded,
      p.captured_minor::text as captured
    from orders o
    left join sale s on s.order_id = o.id
    left join reversal v on v.order_id = o.id
    left join refunded f on f.order_id = o.id
    left join payments p on p.order_id = o.id
    where (v.order_id is not null or f.order_id is not null)
      and (coalesce(v.amount, 0) > coalesce(s.amount, 0)
        or (p.captured_minor is not null and coalesce(f.amount, 0) >= p.captured_minor
          and coalesce(v.amount, 0) <> coalesce(s.amount, 0)))`,
  );
  for (const r of refundTotals) {
    found.push(
      difference(
        'refund_total',
        { userId: r.owner, orderNo: r.order_no },
        num(r.sale),
        num(r.reversed),
        `order ${r.order_no}: refunds reversed ${r.reversed} of its sale credit ${r.sale} (${r.refunded} of ${r.captured ?? '—'} refunded)`,
      ),
    );
  }

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

  // ── per creator: the earnings page's figures, the raw ledger and the sources ──────────────
  const creators = await queryRows<{
    user_id: string;
    credits: string;
    settled_debits: string;
    ledger_paid_out: string;
    sales: string;
    reversals: string;
    payouts: string;
    returns: string;
    adjustments: string;
    paid: string;
  }>(
    db,
    sql`
    with ledger as (
      select le.user_id,
        coalesce(sum(le.amount_minor) filter (where le.kind <> 'purchase' and le.amount_minor > 0), 0) as credits,
        coalesce(sum(-le.amount_minor) filter (where le.kind <> 'purchase' and le.amount_minor < 0
          and (p.status is null or p.status not in ('requested', 'processing'))), 0) as settled_debits,
        coalesce(sum(-le.amount_minor) filter (where le.kind = 'payout' and p.status = 'paid'), 0) as paid_out,
        coalesce(sum(le.amount_minor) filter (where le.kind = 'adjustment'), 0) as adjustments
      from ledger_entries le left join payouts p on p.id = le.payout_id
      group by le.user_id
    ),
    sales as (
      select o.owner_user_id as user_id, sum(o.profit_minor) as amount
      from orders o
      where o.side = 'c' and o.status in (1, 2) and (
        exists (select 1 from payments p where p.order_id = o.id and p.status in ${CAPTURED})
        or exists (select 1 from ledger_entries le where le.order_id = o.id and le.kind = 'sale'))
      group by o.owner_user_id
    ),
    reversals as (
      select o.owner_user_id as user_id, sum(r.profit_reversed_minor) as amount
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'completed' group by o.owner_user_id
    ),
    paid as (
      select user_id, sum(amount_minor) as amount,
        sum(amount_minor) filter (where status = 'returned') as returned,
        sum(amount_minor) filter (where status = 'paid') as paid
      from payouts group by user_id
    ),
    everyone as (
      select user_id from ledger union select user_id from sales union select user_id from paid
      union select user_id from reversals
    )
    select e.user_id::text as user_id,
      coalesce(l.credits, 0)::text as credits, coalesce(l.settled_debits, 0)::text as settled_debits,
      coalesce(l.paid_out, 0)::text as ledger_paid_out, coalesce(s.amount, 0)::text as sales,
      coalesce(v.amount, 0)::text as reversals, coalesce(pd.amount, 0)::text as payouts,
      coalesce(pd.returned, 0)::text as returns, coalesce(l.adjustments, 0)::text as adjustments,
      coalesce(pd.paid, 0)::text as paid
    from everyone e
    left join ledger l on l.user_id = e.user_id
    left join sales s on s.user_id = e.user_id
    left join reversals v on v.user_id = e.user_id
    left join paid pd on pd.user_id = e.user_id
    order by e.user_id`,
  );
  const totals: Record<string, number> = {
    'shown.available': 0,
    'shown.pending': 0,
    'shown.inFlight': 0,
    'shown.balance': 0,
    'shown.paidOut': 0,
    'ledger.credits': 0,
    'ledger.settledDebits': 0,
    'sources.balance': 0,
    'payouts.paid': 0,
  };
  const add = (key: string, value: number) => {
    totals[key] = (totals[key] ?? 0) + value;
  };
  for (const c of creators) {
    const userId = Number(c.user_id);
    const shown = await getMyEarnings(db, rules, userId, now);
    const ledgerSays = num(c.credits) - num(c.settled_debits);
    const sum = shown.availableCents + shown.pendingCents + shown.inFlightCents;
    const sources = num(c.sales) - num(c.reversals) - num(c.payouts) + num(c.returns) + num(c.adjustments);
    add('shown.available', shown.availableCents);
    add('shown.pending', shown.pendingCents);
    add('shown.inFlight', shown.inFlightCents);
    add('shown.balance', shown.balanceCents);
    add('shown.paidOut', shown.paidOutCents);
    add('ledger.credits', num(c.credits));
    add('ledger.settledDebits', num(c.settled_debits));
    add('sources.balance', sources);
    add('payouts.paid', num(c.paid));
    if (sum !== ledgerSays) {
      found.push(
        difference(
          'balance',
          { userId },
          ledgerSays,
          sum,
          `creator ${userId}: available ${shown.availableCents} + pending ${shown.pendingCents} + in flight ${shown.inFlightCents} = ${sum}; the ledger says ${ledgerSays}`,
        ),
      );
    }
    if (shown.balanceCents !== sources) {
      found.push(
        difference(
          'balance',
          { userId },
          sources,
          shown.balanceCents,
          `creator ${userId}: balance ${shown.balanceCents}; sales ${c.sales} − refunds ${c.reversals} − payouts ${c.payouts} + returns ${c.returns} + adjustments ${c.adjustments} = ${sources}`,
        ),
      );
    }
    if (shown.paidOutCents !== num(c.paid) || shown.paidOutCents !== num(c.ledger_paid_out)) {
      found.push(
        difference(
          'paid_out',
          { userId },
          num(c.paid),
          shown.paidOutCents,
          `creator ${userId}: paid out ${shown.paidOutCents}; paid payouts ${c.paid}, their ledger debits ${c.ledger_paid_out}`,
        ),
      );
    }
  }

  // ── in total ─────────────────────────────────────────────────────────────────────────────
  const [sums] = await queryRows<Record<string, string>>(
    db,
    sql`
    select
      (select coalesce(sum(amount_minor), 0) from ledger_entries where kind = 'sale')::text as ledger_sales,
      (select coalesce(sum(o.profit_minor), 0) from orders o where o.side = 'c' and o.status in (1, 2)
        and (exists (select 1 from payments p where p.order_id = o.id and p.status in ${CAPTURED})
          or exists (select 1 from ledger_entries le where le.order_id = o.id and le.kind = 'sale')))::text as order_profit,
      (select coalesce(-sum(amount_minor), 0) from ledger_entries where kind = 'refund')::text as ledger_refunds,
      (select coalesce(sum(profit_reversed_minor), 0) from refunds where status = 'completed')::text as refunds_reversed,
      (select coalesce(-sum(amount_minor), 0) from ledger_entries where kind = 'payout')::text as ledger_payouts,
      (select coalesce(sum(amount_minor), 0) from payouts)::text as payouts,
      (select coalesce(sum(amount_minor), 0) from ledger_entries where kind = 'payout_return')::text as ledger_returns,
      (select coalesce(sum(amount_minor), 0) from payouts where status = 'returned')::text as payouts_returned,
      (select coalesce(sum(amount_minor), 0) from ledger_entries where kind = 'adjustment')::text as adjustments,
      (select coalesce(sum(p.captured_minor), 0) from payments p join orders o on o.id = p.order_id
        where p.status in ${CAPTURED} and o.flag_resolution is distinct from 'accept')::text as captured,
      (select coalesce(sum(o.total_minor), 0) from orders o where o.side = 'c' and o.status in (1, 2)
        and o.flag_resolution is distinct from 'accept'
        and exists (select 1 from payments p where p.order_id = o.id and p.status in ${CAPTURED}))::text as captured_orders,
      (select coalesce(sum(refunded_minor), 0) from payments)::text as payments_refunded,
      (select coalesce(sum(amount_minor), 0) from refunds where status <> 'failed')::text as refunds_amount`,
  );
  const t = (key: string) => num(sums?.[key]);
  Object.assign(totals, {
    'ledger.sales': t('ledger_sales'),
    'orders.profit': t('order_profit'),
    'ledger.refunds': t('ledger_refunds'),
    'refunds.reversed': t('refunds_reversed'),
    'ledger.payouts': t('ledger_payouts'),
    'payouts.amount': t('payouts'),
    'ledger.payoutReturns': t('ledger_returns'),
    'payouts.returned': t('payouts_returned'),
    'ledger.adjustments': t('adjustments'),
    'payments.captured': t('captured'),
    'orders.captured': t('captured_orders'),
    'payments.refunded': t('payments_refunded'),
    'refunds.amount': t('refunds_amount'),
  });
  const pairs: [string, string, string][] = [
    ['ledger.sales', 'orders.profit', 'Σ sale credits = Σ profit of paid buyers’ orders'],
    ['ledger.refunds', 'refunds.reversed', 'Σ refund reversals = Σ profit taken back by completed refunds'],
    ['ledger.payouts', 'payouts.amount', 'Σ payout debits = Σ payouts'],
    ['ledger.payoutReturns', 'payouts.returned', 'Σ payout returns = Σ returned payouts'],
    ['payments.captured', 'orders.captured', 'Σ captured = Σ totals of paid buyers’ orders'],
    ['payments.refunded', 'refunds.amount', 'Σ refunded on payments = Σ refunds not failed'],
    ['shown.paidOut', 'payouts.paid', 'Σ paid out shown = Σ paid payouts'],
    [
      'shown.balance',
      'sources.balance',
      'Σ balances shown = sales − refunds − payouts + returns + adjustments',
    ],
  ];
  const total = (key: string) => totals[key] ?? 0;
  totals['shown.sum'] = total('shown.available') + total('shown.pending') + total('shown.inFlight');
  totals['ledger.sum'] = total('ledger.credits') - total('ledger.settledDebits');
  pairs.push(['ledger.sum', 'shown.sum', 'Σ available + pending + in flight = Σ credits − Σ settled debits']);
  // Each pair: what the ledger (or the page) says, what the sources say.
  for (const [actualKey, expectedKey, rule] of pairs) {
    const expected = total(expectedKey);
    const actual = total(actualKey);
    if (expected !== actual) {
      found.push(difference('total', {}, expected, actual, `${rule}: ${actual} ≠ ${expected}`));
    }
  }
  return { differences: found, creatorsChecked: creators.length, totals };
}
