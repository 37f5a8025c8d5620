// The earnings module's face: what other modules may use (decision 0022). The ledger is written
// only here: sales now, payouts and refunds later.
export { creditSale } from './earnings.repository';
