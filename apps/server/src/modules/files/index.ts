/** The files module's public entry (docs/decisions/0029): case files and their storage. */
export { filesRoutes } from './files.routes.js';
export { FILE_CONTENT_TYPES, deleteExpiredFiles, storeCaseFile } from './files.service.js';
