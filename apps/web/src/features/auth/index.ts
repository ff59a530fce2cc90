/** The auth feature's public surface for the app shell and other features (pages are lazy-loaded by the router). */
export { meQueryKey, meQueryOptions, useMe } from './api/me';
export { useLogout } from './api/logout';
export { RequireAuth } from './components/RequireAuth';
export { EmailUnverifiedBanner } from './components/EmailUnverifiedBanner';
export { loginPathFor, type FromState } from './lib/redirect';
