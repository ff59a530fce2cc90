/** The support module's public entry (docs/decisions/0029). */
export { supportRoutes } from './support.routes.js';
