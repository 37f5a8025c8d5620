// The departments module's face: what other modules may use (decision 0022).
export { listAllDepts, type DeptRow } from './depts.repository';
