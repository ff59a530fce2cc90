/** The orders module's public entry (docs/decisions/0029): orders, their files, reviews and prescriptions. */
export { ordersRoutes } from './orders.routes.js';
export { prescriptionRoutes } from './prescription.routes.js';
export { sweepUnclaimedFiles } from './order-files.service.js';
export { accept, autoCompleteOrders, cancelUnpaidOrdersOf, deliver, orderableService, participantOrder, payOrder, placeOrder, type Transaction } from './orders.service.js';
export { toOrderJson } from './orders.presenter.js';
export { lineItemsOf, priceOrder, tierPercentOf, toQuoteJson } from './prescription.service.js';
export { createReview } from './reviews.service.js';
export { listOpenDisputes, resolveDispute } from './disputes.service.js';
