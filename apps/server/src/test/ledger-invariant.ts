import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../platform/db/database';
import { readPayoutRules } from '../modules/earnings/payout-rules';
import { reconcile } from '../modules/reconciliation/reconciliation.api';

/**
 * The money invariants every test database must keep (decisions 0025, 0027), checked when a test
 * file closes its app — so the whole server suite ends checked, on PGlite and on PostgreSQL alike.
 * They are the reconciliation job's own checks (`modules/reconciliation/reconcile.ts`, plain SQL
 * apart from the code it checks; `reconciliation.test.ts` shows each one finds its corruption):
 *
 * - every creator's earnings page adds up to the raw ledger, to the cent (available + pending +
 *   in flight = Σ credits − Σ settled debits; paid out = Σ debits of paid payouts);
 * - a buyer's paid order has one sale credit of its profit at most (exactly one once captured),
 *   to its owner; unpaid and creator-paid (b-side) orders none;
 * - every payout exactly one debit of its amount, a returned one exactly one return;
 * - every completed refund exactly one reversal of −its profit share, pending and failed ones
 *   none, an order's reversals never above its credit; a payment's refunded amount is Σ of its
 *   refunds that did not fail; captures match their orders.
 *
 * Answers the differences found, one line each (empty: none).
 */
export async function ledgerViolations(app: FastifyInstance, db: AppDatabase): Promise<string[]> {
  const rules = readPayoutRules((key) => app.configValues.get(key));
  const { differences } = await reconcile(db, rules);
  return differences.map((d) => `reconciliation ${d.check}: ${d.detail}`);
}
