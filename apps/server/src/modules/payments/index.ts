/** The payments module's public entry (docs/decisions/0029): payment intents, their confirmation and webhooks. */
export { paymentsRoutes } from './payments.routes.js';
export { confirmCoursePayment, confirmOrderPayment, createIntent, sandboxPay } from './payments.service.js';
