// The cases module's face: what other modules may use (decision 0022). Its tables are in
// cases.table.ts, to join on; changes to them go through this module's routes.
// Cases waiting for an operator (the console could show the count next to its menu).
export { countOpenCases } from './cases.repository';
