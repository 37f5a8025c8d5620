// The payouts module's face (decision 0022): its tables are in payouts.table.ts; the ledger
// entries of a payout are written through the earnings face.
export { isoWeek, type PayoutsService } from './payouts.service';
