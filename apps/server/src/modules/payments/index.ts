/** The payments module's public entry (docs/decisions/0029): payment intents, their confirmation and webhooks. */
export { paymentsRoutes } from './payments.routes.js';
export { confirmOrderPayment, COURSE_PAYMENT_JOB, createIntent, sandboxPay, unusedCoursePayment, verifyCoursePayment } from './payments.service.js';
