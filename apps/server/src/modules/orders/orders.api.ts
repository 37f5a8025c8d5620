// The orders module's face: what other modules may use (decision 0022). Its tables are in
// orders.table.ts, to join on.
export { markPaid, type Capture, type PaymentDeps } from './order-payments';
export { recordOrderEvent } from './console-orders.repository';
