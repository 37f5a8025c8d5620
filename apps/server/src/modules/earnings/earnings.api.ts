// The earnings module's face: what other modules may use (decision 0022). The ledger is written
// only here: sales, what creators paid for their own orders, payouts and refunds later.
export { creditSale, recordPurchase } from './earnings.repository';
