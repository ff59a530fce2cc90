/** The users module's public entry (docs/decisions/0029): profiles and designers. */
export { usersRoutes } from './users.routes.js';
export { completeDesignerProfile, findUser } from './users.service.js';
export { toUserRef, type Person } from './person.presenter.js';
