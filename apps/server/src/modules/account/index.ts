/** The account module's public entry (docs/decisions/0029): the account settings API. */
export { accountRoutes } from './account.routes.js';
export { checkPassword } from './account.service.js';
