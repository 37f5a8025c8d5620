// The refunds module's face: what other modules may use (decision 0022). Its table is in
// refunds.table.ts, to join on.
// The one read model of a refund as the console shows it (the order's detail lists them).
export { findConsoleRefund, listConsoleRefunds } from './console-refunds';
// Units of order lines refunds by lines took (the console's packing list leaves them out).
export { refundedUnitsOf } from './refunds.repository';
