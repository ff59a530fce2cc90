/** The preferences module's public entry (docs/decisions/0029): prescription presets. */
export { preferencesRoutes } from './preferences.routes.js';
export { createPreset, presetForUse } from './preferences.service.js';
