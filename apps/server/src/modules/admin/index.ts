/** The admin module's public entry (docs/decisions/0029): admin routes and the `npm run admin` commands. */
export { adminRoutes } from './admin.routes.js';
export { applyAdminCommand, isAdminCommand } from './admin.service.js';
