export * from './constants.js';
export * from './errors.js';
export * from './schemas/auth.js';
export * from './schemas/support.js';
export * from './schemas/user.js';
