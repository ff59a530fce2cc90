export * from './teeth.js';
export * from './catalogue.js';
export * from './messages.js';
export * from './rules.js';
export * from './fileRoles.js';
export * from './prescription.js';
export * from './capabilities.js';
