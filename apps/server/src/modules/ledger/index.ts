/**
 * The ledger's public entry (docs/decisions/0010, 0029, 0035): payments book money in, orders release, split or refund
 * it, payouts reserve and send it. Below all of them, so none imports another to book.
 */
export {
  balanceOf,
  bookCourseSale,
  bookOrderPayment,
  bookPayoutDecided,
  bookPayoutReserved,
  bookRefund,
  bookRelease,
  bookSettlement,
  bookSurplusPayment,
  designerLines,
  feeOf,
  platformTotals,
  refundParts,
  type RefundPart,
  type Tx,
} from './ledger.js';
export { recordProviderRefund, REFUND_JOB, sendProviderRefund } from './provider-refunds.js';
