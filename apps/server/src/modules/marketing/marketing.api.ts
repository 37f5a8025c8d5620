// The marketing module's face: what other modules may use (decision 0022). Its tables are in
// marketing.table.ts.
// The checkout records a buyer's consent in the transaction that places their order.
export { consentWording, recordMarketingConsent, type ConsentInput } from './consents.repository';
