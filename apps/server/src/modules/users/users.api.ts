// The users module's face: what other modules may use (decision 0022). Only the guard every
// .xlsx upload passes before the workbook library unpacks it (not a zip, or too large unpacked:
// A0446 / A0413), so another module's import reads workbooks exactly as the users import does.
export { checkZip } from './users.workbook';
