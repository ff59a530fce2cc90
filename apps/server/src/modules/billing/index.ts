/** The billing module's public entry (docs/decisions/0042): receipts, credit notes and designers' statements. */
export { billingRoutes } from './billing.routes.js';
