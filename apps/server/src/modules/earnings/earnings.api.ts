// The earnings module's face: what other modules may use (decision 0022). The ledger is written
// only here: sales, payouts and their returns, what creators paid for their own orders.
export {
  availableMinor,
  creditSale,
  debitPayout,
  recordPurchase,
  orderEarningsOf,
  pageLedger,
  pagePendingSales,
  sumLedgersOf,
  type CreatorLedgerTotals,
  type LedgerEntryRow,
  returnPayout,
  reverseSale,
  saleCreditOf,
  type PayoutEntry,
  type SaleReversal,
  type PendingSaleRow,
} from './earnings.repository';
export { readPayoutRules, type PayoutRules } from './payout-rules';
// What the revenue page shows a creator (the reconciliation checks it against the ledger).
export { getMyEarnings } from './earnings.service';
