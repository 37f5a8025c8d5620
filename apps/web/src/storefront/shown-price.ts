/**
 * The contract's price rule for "incl. VAT", on its own so the shop page loads it (with its money
 * arithmetic) beside the first tax answer instead of in its first download (decision 0021's
 * budget): prices are shown as they are until both have arrived.
 */
export { shownUnitPrice } from '@linkstore/contract';
