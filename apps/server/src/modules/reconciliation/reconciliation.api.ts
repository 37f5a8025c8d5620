// The reconciliation module's face (decision 0022): its table is in reconciliation.table.ts.
export { reconcile, type Reconciliation } from './reconcile';
