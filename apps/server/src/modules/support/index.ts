/** The support module's public entry (docs/decisions/0029). */
export { supportRoutes } from './support.routes.js';
export { NEWSLETTER_CONFIRMATION_JOB, sendConfirmation } from './support.service.js';
