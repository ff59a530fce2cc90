/**
 * The escrow ledger's public entry (docs/decisions/0010, 0029): payments book money in, orders release or
 * refund it. Below both, so neither imports the other to book.
 */
export { balanceOf, bookCourseSale, bookOrderPayment, bookRefund, bookRelease, feeOf, type Tx } from './ledger.js';
