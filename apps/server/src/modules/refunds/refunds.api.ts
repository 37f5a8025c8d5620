// The refunds module's face: what other modules may use (decision 0022). Its table is in
// refunds.table.ts, to join on.
// The one read model of a refund as the console shows it (the order's detail lists them).
export { findConsoleRefund, listConsoleRefunds } from './console-refunds';
// Units of order lines refunds by lines took (the console's packing list leaves them out).
export { refundedUnitsOf } from './refunds.repository';
// A case resolved by a refund of its line (issue 35): stored and reserved in the case's
// transaction (under the order's lock), sent to the provider after its commit, as an operator's.
export { storeRefund, type StoreRefundInput } from './store-refund';
export { sendOrRefuse } from './send-refund';
export type { RefundsDeps } from './refund-deps';
