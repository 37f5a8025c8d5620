// The payments module's face: what other modules may use (decision 0022). The provider itself is
// reached through `app.payments` (payments.plugin.ts); its tables are in payments.table.ts.
export {
  insertPayment,
  recordWebhookEvent,
  releaseRefund,
  reserveRefund,
  setSeededRefunds,
  setWebhookOutcome,
  updatePayment,
  type PaymentRow,
} from './payments.repository';
export { PaymentProviderError } from './payment-provider';
export type { Payments, RefundEvent, RefundOutcome } from './payments.plugin';
