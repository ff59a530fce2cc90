/** The system module's public entry (docs/decisions/0029). */
export { systemRoutes } from './system.routes.js';
