/** The uploads module's public entry (docs/decisions/0029). */
export { uploadsRoutes } from './uploads.routes.js';
