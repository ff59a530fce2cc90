export * from './users.js';
export * from './sessions.js';
export * from './support.js';
export * from './services.js';
export * from './files.js';
export * from './messaging.js';
